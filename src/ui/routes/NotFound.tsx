import { MessageScreen } from '../components/MessageScreen';
import { t } from '../i18n';

/** SPEC §2 not-found screen, word for word. */
export default function NotFound() {
  return <MessageScreen title={t('common.messages.notFoundTitle')} lines={[t('common.messages.notFoundLine'), t('common.messages.notFoundCode')]} />;
}
