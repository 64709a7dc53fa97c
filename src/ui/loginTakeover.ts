// The sign-in form of login.html, usable before any of the app's code (issue 24: on 256 kbit/s
// and 800 ms round trip the code takes seconds to arrive). Until LoginScreen takes it over, the
// document's own script keeps a tap on Sign in from going anywhere and marks the form touched and
// submitted; `readHtmlForm` hands what the driver did to LoginScreen, which renders in its place
// with the same values, the cursor where it was, and the sign-in sent if it was asked for.

/** What the driver did on the HTML form before the app's code ran. */
export interface CarriedForm {
  email: string;
  password: string;
  /** The field the cursor was in, and its selection (an email field has none). */
  focus: 'email' | 'password' | null;
  selection: { start: number; end: number } | null;
  /** Sign in was pressed (the browser's own checks passed): LoginScreen sends it when it takes over. */
  submitted: boolean;
  /** The driver has started to sign in (a tap, a key, a field in focus): the app's code may load. */
  touched: boolean;
}

/** login.html's form (its `data-login-html` mark); absent on any other document. */
export const HTML_FORM = 'form[data-login-html]';

function fieldOf(form: HTMLFormElement, name: 'email' | 'password'): HTMLInputElement | null {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement ? field : null;
}

/** What the driver did on login.html's form, read at the moment LoginScreen replaces it; null on any other document. */
export function readHtmlForm(doc: Document): CarriedForm | null {
  const form = doc.querySelector<HTMLFormElement>(HTML_FORM);
  if (!form) return null;
  const email = fieldOf(form, 'email');
  const password = fieldOf(form, 'password');
  const active = doc.activeElement;
  const focus = active === email ? 'email' : active === password ? 'password' : null;
  let selection: CarriedForm['selection'] = null;
  if (active instanceof HTMLInputElement && focus === 'password' && active.selectionStart !== null && active.selectionEnd !== null)
    selection = { start: active.selectionStart, end: active.selectionEnd };
  return {
    email: email?.value ?? '',
    password: password?.value ?? '',
    focus,
    selection,
    submitted: form.dataset.submitted === 'true',
    touched: form.dataset.touched === 'true' || focus !== null || Boolean(email?.value || password?.value),
  };
}
