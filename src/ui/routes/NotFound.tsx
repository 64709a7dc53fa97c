import { MessageScreen } from '../components/MessageScreen';

/** SPEC §2 not-found screen, word for word. */
export default function NotFound() {
  return <MessageScreen title="Oops!" lines={["We can't seem to find the page you're looking for.", 'Error code: 404']} />;
}
