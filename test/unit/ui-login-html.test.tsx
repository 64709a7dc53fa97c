// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"enableJavaScriptEvaluation": true}}
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../src/ui/i18n/en';
import { readHtmlForm, type CarriedForm } from '../../src/ui/loginTakeover';
import { LoginScreen } from '../../src/ui/routes/LoginScreen';

// login.html is the sign-in form before any of the app's code arrives (issue 24 item 5): the
// markup LoginScreen renders, in English, held together here; its inline script (run as a
// browser runs it: the environment evaluates scripts) holds a tap on Sign in; LoginScreen takes
// it over with what the driver typed and a Sign in pressed meanwhile.

const login = vi.hoisted(() => vi.fn());
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => ({ login }) }));

const HTML = readFileSync(resolve('login.html'), 'utf8');
/** The document's body without its scripts (the test runs the inline one itself). */
const body = (): string => (/<body>([\s\S]*)<\/body>/.exec(HTML)?.[1] ?? '').replace(/<script[\s\S]*?<\/script>/g, '');
const inlineScript = (): string => /<script>([\s\S]*?)<\/script>/.exec(HTML)?.[1] ?? '';

/** The screen's structure: tags, classes and the attributes that matter, texts; not ids, labels' targets or the HTML form's own marks. */
function shape(root: Element): unknown {
  const KEEP = ['class', 'type', 'name', 'autocomplete', 'inputmode', 'required', 'role', 'aria-hidden'];
  const walk = (node: Element): unknown => ({
    tag: node.tagName.toLowerCase(),
    attrs: Object.fromEntries(KEEP.flatMap((name) => (node.hasAttribute(name) ? [[name, node.getAttribute(name)]] : []))),
    children: [...node.childNodes].flatMap((child) => {
      if (child.nodeType === 3) return child.textContent?.trim() ? [child.textContent.trim()] : [];
      return child.nodeType === 1 ? [walk(child as Element)] : [];
    }),
  });
  return walk(root);
}

beforeEach(() => {
  login.mockReset();
  document.body.innerHTML = '';
});

describe("login.html's form", () => {
  it("is LoginScreen's markup with the English catalog's texts (the environment badge aside, which needs the host)", () => {
    document.body.innerHTML = body();
    const html = document.querySelector('main.login-screen');
    const { container } = render(<LoginScreen state={undefined} redirect="" onAuthenticated={() => undefined} />);
    container.querySelector('[data-testid="environment-badge"]')?.remove();
    const react = container.querySelector('main.login-screen');
    expect(html && react).toBeTruthy();
    expect(shape(html!)).toEqual(shape(react!));
    expect(html?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      `${en.login.appName} ${en.login.intro} ${en.login.email} ${en.login.password} ${en.login.signIn}`,
    );
    expect(document.querySelector<HTMLButtonElement>('form[data-login-html] button')?.dataset.signingIn).toBe(en.login.signingIn);
  });

  it('holds a tap on Sign in (nothing is sent anywhere), shows it as "Signing in", and marks the form for the takeover', () => {
    document.body.innerHTML = body();
    const script = document.createElement('script');
    script.textContent = inlineScript();
    document.body.append(script);
    const form = document.querySelector<HTMLFormElement>('form[data-login-html]')!;
    expect(form.method).toBe('dialog');
    form.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(form.dataset.touched).toBe('true');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form.dataset.submitted).toBe('true');
    const button = form.querySelector('button')!;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe(en.login.signingIn);
    expect(button.querySelector('.login-submit__spinner')).toBeTruthy();
  });

  it('is read as the driver left it: values, the field in focus and its selection, touched and submitted', () => {
    document.body.innerHTML = body();
    const email = document.querySelector<HTMLInputElement>('#login-email')!;
    const password = document.querySelector<HTMLInputElement>('#login-password')!;
    email.value = 'driver@summit.test';
    password.value = 'summit';
    password.focus();
    password.setSelectionRange(2, 4);
    expect(readHtmlForm(document)).toEqual({
      email: 'driver@summit.test',
      password: 'summit',
      focus: 'password',
      selection: { start: 2, end: 4 },
      submitted: false,
      touched: true,
    } satisfies CarriedForm);
    document.body.innerHTML = '<form class="login-form"></form>';
    expect(readHtmlForm(document)).toBeNull();
  });
});

describe('LoginScreen taking the HTML form over', () => {
  const carried: CarriedForm = {
    email: 'driver@summit.test',
    password: 'summit-dri',
    focus: 'password',
    selection: { start: 10, end: 10 },
    submitted: false,
    touched: true,
  };

  it('keeps the values and puts the cursor back in the field it was in', () => {
    render(<LoginScreen state={undefined} redirect="" onAuthenticated={() => undefined} carried={carried} />);
    expect(screen.getByLabelText(en.login.email)).toHaveProperty('value', carried.email);
    const password = screen.getByLabelText(en.login.password);
    expect(password).toHaveProperty('value', carried.password);
    expect(document.activeElement).toBe(password);
    expect(login).not.toHaveBeenCalled();
  });

  it('sends a Sign in pressed before the code arrived, once, with what was typed', async () => {
    login.mockResolvedValue({ ok: false, error: 'IncorrectEmailOrPassword', message: 'nope' });
    act(() => {
      render(
        <LoginScreen state={undefined} redirect="" onAuthenticated={() => undefined} carried={{ ...carried, password: 'summit-driver-1', submitted: true }} />,
      );
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Email or password is incorrect'));
    expect(login).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenCalledWith('driver@summit.test', 'summit-driver-1');
  });
});
