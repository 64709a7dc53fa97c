import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../plain/controls';
import { t } from '../i18n';

interface Props {
  title: string;
  lines: ReactNode[];
  /** What 'Back to Home Page' does; by default a client navigation to Home. */
  onHome?: () => void;
}

/**
 * The layout shared by the not-found, order-not-found and generic error screens (SPEC §2):
 * never a dead end, the button leads Home. Plain (plain.css): the error screen must draw even
 * when a chunk, Chakra's among them, could not load.
 */
export function MessageScreen({ title, lines, onHome }: Props) {
  const navigate = useNavigate();
  return (
    <div className="message">
      <h1 className="message__title">{title}</h1>
      {lines.map((line, i) => (
        <p key={i} className={i === 0 ? 'message__line' : 'message__line message__line--muted'}>
          {line}
        </p>
      ))}
      <Button onClick={onHome ?? (() => void navigate('/'))}>{t('common.backToHome')}</Button>
    </div>
  );
}
