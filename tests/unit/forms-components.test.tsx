// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  type ActionFunction,
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
  useActionData,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineForm } from '../../src/shared/forms/define-form.ts';
import { Checkbox, RadioGroup, Select, TextArea, TextField } from '../../src/shared/forms/fields.tsx';
import { IBAN_RULE } from '../../src/shared/forms/iban.ts';
import { PortalForm } from '../../src/shared/forms/portal-form.tsx';
import { type FormActionData, formFailure, validateForm } from '../../src/shared/forms/validate-form.ts';
import type { Locale } from '../../src/shared/i18n/locale.ts';
import { i18nFor } from '../../src/shared/i18n/translations.ts';
import { LocaleContext } from '../../src/shared/ui/root-data.ts';
import { i18nOver } from '../support/i18n-instance.ts';

const signup = defineForm({
  fields: {
    email: {
      type: 'email',
      label: 'forms.labels.email',
      help: 'We sturen u een bevestiging.',
      validation: 'required|email',
    },
    password: { type: 'password', label: 'forms.labels.password', validation: 'required|length:8' },
    iban: { label: 'forms.labels.iban', validation: 'iban' },
    country: {
      type: 'select',
      label: 'Land',
      validation: 'required',
      options: [
        { value: 'nl', label: 'Nederland' },
        { value: 'be', label: 'België' },
      ],
    },
    topics: {
      type: 'checkbox',
      label: 'Onderwerpen',
      options: [
        { value: 'ecommerce', label: 'E-commerce' },
        { value: 'logistiek', label: 'Logistiek' },
      ],
    },
    plan: {
      type: 'radio',
      label: 'abonnement',
      validation: 'required',
      options: [
        { value: 'maand', label: 'Per maand' },
        { value: 'jaar', label: 'Per jaar' },
      ],
    },
    message: { type: 'textarea', label: 'forms.labels.message', validation: 'length:0,200' },
    terms: { type: 'checkbox', label: 'voorwaarden', validation: 'accepted' },
  },
  rules: { iban: IBAN_RULE },
});

const VALID = {
  email: 'jan@example.nl',
  password: 'geheim123',
  iban: 'NL91 ABNA 0417 1643 00',
  country: 'nl',
  plan: 'jaar',
};

/** The signup page: passes the action data of a rejected submit to the form. */
function SignupPage() {
  const actionData = useActionData() as FormActionData | { ok: true } | undefined;
  const failure = actionData && 'errors' in actionData ? actionData : undefined;
  return (
    <PortalForm form={signup} serverErrors={failure?.errors} serverValues={failure?.values} id="signup">
      <TextField name="email" />
      <TextField name="password" />
      <TextField name="iban" />
      <Select name="country" />
      <Checkbox name="topics" />
      <RadioGroup name="plan" />
      <TextArea name="message" />
      <Checkbox name="terms" />
    </PortalForm>
  );
}

/** The text by the button of a refused form, or null when it is not shown. */
function incompleteText(root: ParentNode): string | null {
  return root.querySelector('.portal-form__incomplete')?.textContent ?? null;
}

/** Validates like a real route action; resolves when `gate` does. */
function signupAction(received: FormData[], gate?: Promise<void>): ActionFunction {
  return async ({ request }) => {
    const formData = await request.formData();
    received.push(formData);
    await gate;
    const result = validateForm(signup, formData, 'nl');
    return result.success ? { ok: true } : formFailure(signup, result);
  };
}

function providers(children: ReactNode, locale: Locale) {
  return (
    <LocaleContext.Provider value={locale}>
      <I18nextProvider i18n={i18nFor(locale)}>{children}</I18nextProvider>
    </LocaleContext.Provider>
  );
}

function renderPage(page: ReactNode, options: { locale?: Locale; action?: ActionFunction } = {}) {
  const router = createMemoryRouter(
    [{ path: '/aanmelden', element: page, action: options.action ?? (() => null) }],
    { initialEntries: ['/aanmelden'] },
  );
  // StrictMode as in the browser entry: effects run twice, which the validation store must survive.
  const view = render(
    <StrictMode>{providers(<RouterProvider router={router} />, options.locale ?? 'nl')}</StrictMode>,
  );
  return { ...view, router };
}

const control = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const messagesOf = (element: HTMLElement) => {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  const list = ids.map((id) => document.getElementById(id)).find((node) => node?.tagName === 'UL');
  return list ? [...list.querySelectorAll('li')].map((item) => item.textContent) : [];
};
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const flush = () => act(async () => {});
const submitButton = () => screen.getByRole('button', { name: 'Versturen' });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<PortalForm> markup', () => {
  it('renders a real POST form with labelled, named controls and no messages yet', () => {
    const { container } = renderPage(<SignupPage />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/aanmelden');
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect(form.id).toBe('signup');
    const email = control('E-mailadres');
    expect(email).toMatchObject({ name: 'email', type: 'email', id: 'signup-email' });
    expect(email.getAttribute('aria-required')).toBe('true');
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    const help = document.getElementById(email.getAttribute('aria-describedby')!)!;
    expect(help.textContent).toBe('We sturen u een bevestiging.');
    expect(control('Wachtwoord')).toMatchObject({ name: 'password', type: 'password' });
    expect(screen.getByLabelText('Land').tagName).toBe('SELECT');
    expect(screen.getByRole('option', { name: 'Maak een keuze' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'abonnement' })).toBeTruthy();
    expect(control('Per jaar')).toMatchObject({ type: 'radio', name: 'plan', value: 'jaar' });
    expect(control('Logistiek')).toMatchObject({ type: 'checkbox', name: 'topics', value: 'logistiek' });
    expect(control('voorwaarden')).toMatchObject({ type: 'checkbox', name: 'terms' });
    expect(screen.getByLabelText('Bericht').tagName).toBe('TEXTAREA');
    expect(container.querySelectorAll('.form-field__messages')).toHaveLength(0);
    expect(container.querySelector('fieldset.portal-form__fieldset')!.hasAttribute('disabled')).toBe(false);
    expect(container.querySelector('[aria-live="polite"]')!.textContent).toBe('');
  });
});

describe('field components', () => {
  it('keeps the choices of a multiple select as a list', async () => {
    const submitted: unknown[] = [];
    const picks = defineForm({
      fields: {
        regions: {
          type: 'select',
          multiple: true,
          label: 'Regio’s',
          validation: 'min:2',
          options: [
            { value: 'noord', label: 'Noord' },
            { value: 'midden', label: 'Midden' },
            { value: 'zuid', label: 'Zuid' },
          ],
        },
      },
    });
    renderPage(
      <PortalForm form={picks} onSubmit={(values) => void submitted.push(values)}>
        <Select name="regions" />
      </PortalForm>,
    );
    const select = screen.getByLabelText('Regio’s') as HTMLSelectElement;
    expect(select.multiple).toBe(true);
    expect(within(select).queryByRole('option', { name: 'Maak een keuze' })).toBeNull();
    select.options[0]!.selected = true;
    fireEvent.change(select);
    fireEvent.blur(select);
    await flush();
    expect(messagesOf(select)).toEqual(['Mag niet minder dan 2 Regio’s hebben.']);
    select.options[2]!.selected = true;
    fireEvent.change(select);
    await flush();
    expect(messagesOf(select)).toEqual([]);
    fireEvent.click(submitButton());
    await flush();
    expect(submitted).toEqual([{ regions: ['noord', 'zuid'] }]);
  });

  it('refuses a field outside a form or missing from the definition', () => {
    // React Router's error boundary logs the error; that is expected here.
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() => renderToString(<TextField name="email" />)).toThrow(
      'Form fields must be placed inside a <PortalForm>',
    );
    renderPage(
      <PortalForm form={signup}>
        <TextField name="nickname" />
      </PortalForm>,
    );
    expect(screen.getByText('The form has no field "nickname"')).toBeTruthy();
  });
});

describe('message visibility', () => {
  it('shows a message on blur, not while typing', async () => {
    renderPage(<SignupPage />);
    const email = control('E-mailadres');
    fireEvent.focus(email);
    type(email, 'jan@');
    await flush();
    expect(messagesOf(email)).toEqual([]);
    fireEvent.blur(email);
    await flush();
    expect(messagesOf(email)).toEqual(['Vul een geldig e-mailadres in.']);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('signup-email-help signup-email-messages');
    type(email, 'jan@example.nl');
    await flush();
    expect(messagesOf(email)).toEqual([]);
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    type(email, '');
    await flush();
    expect(messagesOf(email)).toEqual(['E-mailadres is verplicht.']);
  });

  it('shows the required message after blurring an untouched empty field', async () => {
    renderPage(<SignupPage />);
    const password = control('Wachtwoord');
    fireEvent.focus(password);
    fireEvent.blur(password);
    await flush();
    expect(messagesOf(password)).toEqual(['Wachtwoord is verplicht.']);
  });

  it('shows a checkbox message once it was changed, without blur', async () => {
    renderPage(<SignupPage />);
    const terms = control('voorwaarden');
    expect(messagesOf(terms)).toEqual([]);
    fireEvent.click(terms);
    await flush();
    expect(terms.checked).toBe(true);
    expect(messagesOf(terms)).toEqual([]);
    fireEvent.click(terms);
    await flush();
    expect(terms.checked).toBe(false);
    expect(messagesOf(terms)).toEqual(['Accepteer de voorwaarden.']);
  });

  it('keeps a debounced rule quiet while it runs, and keeps its message once shown', async () => {
    vi.useFakeTimers();
    renderPage(<SignupPage />);
    const iban = control('IBAN');
    fireEvent.focus(iban);
    type(iban, 'NL91ABNA041716430');
    fireEvent.blur(iban);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(19);
    });
    expect(messagesOf(iban)).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(messagesOf(iban)).toEqual(['Vul een geldig IBAN in.']);

    // Already shown: stays while the next run waits, then goes when the IBAN is valid.
    type(iban, 'NL91ABNA0417164300');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(messagesOf(iban)).toEqual(['Vul een geldig IBAN in.']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(messagesOf(iban)).toEqual([]);

    // Not shown before: a new failure stays hidden until the rule has run.
    type(iban, 'NL91ABNA0417164301');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15);
    });
    expect(messagesOf(iban)).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5);
    });
    expect(messagesOf(iban)).toEqual(['Vul een geldig IBAN in.']);

    // Every keystroke restarts the debounce.
    type(iban, 'NL91ABNA04171643');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15);
    });
    type(iban, 'NL91ABNA041716430');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15);
    });
    type(iban, 'NL91ABNA0417164300');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15);
    });
    expect(messagesOf(iban)).toEqual(['Vul een geldig IBAN in.']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5);
    });
    expect(messagesOf(iban)).toEqual([]);
  });
});

describe('submitting', () => {
  it('refuses a submit while a blocking rule fails: all messages, summary, incomplete message', async () => {
    vi.useFakeTimers();
    const received: FormData[] = [];
    const { container } = renderPage(<SignupPage />, { action: signupAction(received) });
    fireEvent.click(submitButton());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(25);
    });
    expect(received).toHaveLength(0);
    expect(messagesOf(control('E-mailadres'))).toEqual(['E-mailadres is verplicht.']);
    expect(messagesOf(control('Wachtwoord'))).toEqual(['Wachtwoord is verplicht.']);
    expect(messagesOf(control('IBAN'))).toEqual(['Vul een geldig IBAN in.']);
    expect(messagesOf(screen.getByLabelText('Land'))).toEqual(['Land is verplicht.']);
    expect(messagesOf(screen.getByRole('group', { name: 'abonnement' }))).toEqual([
      'Abonnement is verplicht.',
    ]);
    expect(messagesOf(control('voorwaarden'))).toEqual(['Accepteer de voorwaarden.']);

    const region = container.querySelector('[aria-live="polite"]') as HTMLElement;
    const heading = within(region).getByRole('heading', { name: 'Er zijn fouten in je formulier gevonden.' });
    expect(document.activeElement).toBe(heading);
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['E-mailadres is verplicht.', '#signup-email'],
      ['Wachtwoord is verplicht.', '#signup-password'],
      ['Vul een geldig IBAN in.', '#signup-iban'],
      ['Land is verplicht.', '#signup-country'],
      ['Abonnement is verplicht.', '#signup-plan'],
      ['Accepteer de voorwaarden.', '#signup-terms'],
    ]);
    // The spec's "Form incomplete." by the button, and what it means (decision 110).
    expect(incompleteText(container)).toBe(
      'Formulier onvolledig. Sorry, niet alle velden zijn correct ingevuld.',
    );

    fireEvent.click(links[0]!);
    expect(document.activeElement).toBe(control('E-mailadres'));

    // The summary follows the fields as they are fixed.
    type(control('E-mailadres'), 'jan@example.nl');
    await flush();
    expect(within(region).getAllByRole('link')).toHaveLength(5);
  });

  it('posts a valid form to the route action and disables the fieldset until it answers', async () => {
    vi.useFakeTimers();
    const received: FormData[] = [];
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { container } = renderPage(<SignupPage />, { action: signupAction(received, gate) });
    type(control('E-mailadres'), ` ${VALID.email} `);
    type(control('Wachtwoord'), VALID.password);
    type(control('IBAN'), VALID.iban);
    fireEvent.change(screen.getByLabelText('Land'), { target: { value: 'nl' } });
    fireEvent.click(control('Per jaar'));
    fireEvent.click(control('Logistiek'));
    fireEvent.click(control('voorwaarden'));
    fireEvent.click(submitButton());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(25);
    });
    const fieldset = container.querySelector('fieldset.portal-form__fieldset')!;
    expect(received).toHaveLength(1);
    expect(fieldset.hasAttribute('disabled')).toBe(true);
    expect(container.querySelector('form')!.getAttribute('aria-busy')).toBe('true');
    // Browsers strip the spaces around an email address themselves.
    expect(Object.fromEntries(received[0]!.entries())).toMatchObject({
      email: 'jan@example.nl',
      password: 'geheim123',
      iban: 'NL91 ABNA 0417 1643 00',
      country: 'nl',
      plan: 'jaar',
      topics: 'logistiek',
      terms: 'on',
    });
    expect(incompleteText(container)).toBeNull();
    await act(async () => {
      open();
      await vi.advanceTimersByTimeAsync(5);
    });
    expect(fieldset.hasAttribute('disabled')).toBe(false);
  });

  it('shows the messages of a submit the server rejected and keeps every value but secrets', async () => {
    const received: FormData[] = [];
    const { container } = renderPage(<SignupPage />, {
      action: async ({ request }) => {
        const formData = await request.formData();
        received.push(formData);
        const result = validateForm(signup, formData, 'nl');
        expect(result.success).toBe(true);
        // The server knows more than the browser: the address is taken.
        return formFailure(signup, {
          values: result.values,
          errors: { email: ['Dit e-mailadres is al in gebruik.'] },
        });
      },
    });
    type(control('E-mailadres'), VALID.email);
    type(control('Wachtwoord'), VALID.password);
    type(control('IBAN'), VALID.iban);
    fireEvent.change(screen.getByLabelText('Land'), { target: { value: 'be' } });
    fireEvent.click(control('Per maand'));
    fireEvent.click(control('voorwaarden'));
    type(screen.getByLabelText('Bericht'), 'Hallo');
    await act(async () => {
      fireEvent.click(submitButton());
      await new Promise((resolve) => setTimeout(resolve, 40));
    });
    expect(received).toHaveLength(1);
    const email = control('E-mailadres');
    expect(messagesOf(email)).toEqual(['Dit e-mailadres is al in gebruik.']);
    expect(email.value).toBe('jan@example.nl');
    expect(control('Wachtwoord').value).toBe('');
    // Every value but the password comes back, the IBAN too (decision 110).
    expect(control('IBAN').value).toBe('NL91 ABNA 0417 1643 00');
    expect((screen.getByLabelText('Land') as HTMLSelectElement).value).toBe('be');
    expect(control('Per maand').checked).toBe(true);
    expect(control('voorwaarden').checked).toBe(true);
    expect((screen.getByLabelText('Bericht') as HTMLTextAreaElement).value).toBe('Hallo');
    expect(container.querySelector('.portal-form__summary')!.textContent).toContain(
      'Dit e-mailadres is al in gebruik.',
    );
    expect(incompleteText(container)).toBe(
      'Formulier onvolledig. Sorry, niet alle velden zijn correct ingevuld.',
    );
    expect(container.querySelector('fieldset.portal-form__fieldset')!.hasAttribute('disabled')).toBe(false);

    // Changing the field replaces the server's message with the browser's.
    type(email, 'jan@');
    await flush();
    expect(messagesOf(email)).toEqual(['Vul een geldig e-mailadres in.']);
    type(email, 'piet@example.nl');
    await flush();
    expect(messagesOf(email)).toEqual([]);
    expect(container.querySelector('.portal-form__summary')).toBeNull();
  });

  it('says only what the server said after a rejected submit, also on emptied fields the visitor had left', async () => {
    const { container } = renderPage(<SignupPage />, {
      action: async ({ request }) => {
        const result = validateForm(signup, await request.formData(), 'nl');
        expect(result.success).toBe(true);
        // A wrong password: the server names the e-mail field, and sends the password back empty.
        return formFailure(signup, {
          values: result.values,
          errors: { email: ['Het e-mailadres of het wachtwoord klopt niet.'] },
        });
      },
    });
    // Typed and left, as a visitor does: every field is touched before the submit.
    for (const [label, value] of [
      ['E-mailadres', VALID.email],
      ['Wachtwoord', VALID.password],
      ['IBAN', VALID.iban],
    ] as const) {
      const element = control(label);
      fireEvent.focus(element);
      type(element, value);
      fireEvent.blur(element);
    }
    fireEvent.change(screen.getByLabelText('Land'), { target: { value: 'nl' } });
    fireEvent.click(control('Per jaar'));
    fireEvent.click(control('voorwaarden'));
    await act(async () => {
      fireEvent.click(submitButton());
      await new Promise((resolve) => setTimeout(resolve, 40));
    });
    const password = control('Wachtwoord');
    expect(password.value).toBe('');
    expect(control('IBAN').value).toBe(VALID.iban);
    expect(messagesOf(control('E-mailadres'))).toEqual(['Het e-mailadres of het wachtwoord klopt niet.']);
    expect(messagesOf(password)).toEqual([]);
    expect(messagesOf(control('IBAN'))).toEqual([]);
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(
      [...container.querySelectorAll('.portal-form__summary-list li')].map((item) => item.textContent),
    ).toEqual(['Het e-mailadres of het wachtwoord klopt niet.']);
    expect(container.textContent).not.toContain('verplicht');

    // Leaving the empty password again is the visitor's own step: then the browser's rule speaks.
    fireEvent.focus(password);
    fireEvent.blur(password);
    await flush();
    expect(messagesOf(password)).toEqual(['Wachtwoord is verplicht.']);
  });

  it('hands a valid submit to onSubmit with coerced values and the POST body', async () => {
    const calls: Array<[unknown, FormData]> = [];
    const minimal = defineForm({
      fields: {
        name: { label: 'forms.labels.name', validation: 'required' },
        news: { type: 'checkbox', label: 'Nieuws' },
      },
    });
    renderPage(
      <PortalForm
        form={minimal}
        submitLabel="Aanmelden"
        onSubmit={(values, { formData }) => {
          calls.push([values, formData]);
        }}
      >
        <TextField name="name" />
        <Checkbox name="news" />
      </PortalForm>,
    );
    type(control('Naam'), '  Jan ');
    fireEvent.click(screen.getByRole('button', { name: 'Aanmelden' }));
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toEqual({ name: 'Jan', news: false });
    expect(calls[0]![1].get('name')).toBe('  Jan ');
  });

  it('lets a non-blocking rule speak without blocking the submit', async () => {
    const submitted: unknown[] = [];
    const notes = defineForm({ fields: { note: { label: 'notitie', validation: '?length:0,5' } } });
    renderPage(
      <PortalForm form={notes} onSubmit={(values) => void submitted.push(values)}>
        <TextField name="note" />
      </PortalForm>,
    );
    const note = control('notitie');
    type(note, 'veel te lang');
    fireEvent.blur(note);
    await flush();
    expect(messagesOf(note)).toEqual(['Notitie mag maximaal 5 tekens lang zijn.']);
    fireEvent.click(submitButton());
    await flush();
    expect(submitted).toEqual([{ note: 'veel te lang' }]);
    expect(incompleteText(document.body)).toBeNull();
  });

  it('says "Form incomplete." when the incomplete text is not translated', async () => {
    // No texts at all: the form's own fallbacks (the untranslated keys are expected here).
    const bare = i18nOver('nl');
    const minimal = defineForm({ fields: { name: { label: 'naam', validation: 'required' } } });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <PortalForm form={minimal} submitLabel="Verstuur">
              <TextField name="name" />
            </PortalForm>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <I18nextProvider i18n={bare}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Verstuur' }));
    await flush();
    expect(screen.getByText('Form incomplete.')).toBeTruthy();
    expect(incompleteText(document.body)).toBe('Form incomplete.');
    expect(messagesOf(control('naam'))).toEqual(['This field is not valid.']);
  });

  it('speaks English under /en', async () => {
    const { container } = renderPage(<SignupPage />, { locale: 'en' });
    expect(screen.getByLabelText('Email address')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await flush();
    const region = container.querySelector('[aria-live="polite"]') as HTMLElement;
    expect(within(region).getByRole('heading').textContent).toBe('There were errors in your form.');
    expect(incompleteText(container)).toBe(
      'Form incomplete. Sorry, not all fields are filled out correctly.',
    );
    expect(messagesOf(control('Email address'))).toEqual(['Email address is required.']);
    expect(messagesOf(control('voorwaarden'))).toEqual(['Please accept the voorwaarden.']);
  });
});

/** The action data of a submit rejected by the server. */
const rejected = formFailure(
  signup,
  validateForm(
    signup,
    { email: 'jan@', password: 'kort', iban: 'NL00', country: 'be', topics: ['logistiek'], plan: 'maand' },
    'nl',
  ),
);

/** The signup page as rendered after that rejection. */
function ServerPage() {
  return (
    <PortalForm form={signup} serverErrors={rejected.errors} serverValues={rejected.values}>
      <TextField name="email" />
      <TextField name="password" />
      <TextField name="iban" />
      <Select name="country" />
      <Checkbox name="topics" />
      <RadioGroup name="plan" />
      <TextArea name="message" />
      <Checkbox name="terms" />
    </PortalForm>
  );
}

describe('server render and hydration', () => {
  const routes = [{ id: 'signup', path: '/aanmelden', Component: ServerPage }];

  async function serverHtml(): Promise<string> {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://localhost/aanmelden'));
    if (context instanceof Response) throw new Error('unexpected response');
    const router = createStaticRouter(handler.dataRoutes, context);
    return renderToString(
      providers(<StaticRouterProvider router={router} context={context} hydrate={false} />, 'nl'),
    );
  }

  it('renders the server messages and kept values without JavaScript', async () => {
    const html = await serverHtml();
    const doc = new DOMParser().parseFromString(`<main>${html}</main>`, 'text/html');
    const messages = [...doc.querySelectorAll('.form-field__messages li')].map((item) => item.textContent);
    expect(messages).toEqual([
      'Vul een geldig e-mailadres in.',
      'Wachtwoord moet minimaal 8 tekens lang zijn.',
      'Vul een geldig IBAN in.',
      'Accepteer de voorwaarden.',
    ]);
    const email = doc.querySelector('[name=email]')!;
    expect(email.id).toMatch(/^form-[A-Za-z0-9_-]+-email$/);
    expect(doc.querySelector(`label[for="${email.id}"]`)!.textContent).toBe('E-mailadres');
    expect(doc.querySelector('.portal-form__summary-list a')!.getAttribute('href')).toBe(`#${email.id}`);
    expect(doc.querySelector('[name=email]')!.getAttribute('value')).toBe('jan@');
    expect(doc.querySelector('[name=email]')!.getAttribute('aria-invalid')).toBe('true');
    expect(doc.querySelector('[name=password]')!.getAttribute('value')).toBe('');
    expect(doc.querySelector('[name=iban]')!.getAttribute('value')).toBe('NL00');
    expect(doc.querySelector('option[value="be"]')!.hasAttribute('selected')).toBe(true);
    expect(doc.querySelector('input[value="logistiek"]')!.hasAttribute('checked')).toBe(true);
    expect(doc.querySelector('input[value="maand"]')!.hasAttribute('checked')).toBe(true);
    expect(doc.querySelector('.portal-form__summary-title')!.textContent).toBe(
      'Er zijn fouten in je formulier gevonden.',
    );
    expect(doc.querySelector('.portal-form__incomplete')!.textContent).toBe(
      'Formulier onvolledig. Sorry, niet alle velden zijn correct ingevuld.',
    );
    expect(doc.querySelector('form')!.getAttribute('action')).toBe('/aanmelden');
  });

  it('hydrates to the same markup without a mismatch', async () => {
    const html = await serverHtml();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const before = container.innerHTML;
    const router = createMemoryRouter(routes, {
      initialEntries: ['/aanmelden'],
      hydrationData: { loaderData: {} },
    });
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, providers(<RouterProvider router={router} />, 'nl'), {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(recoverable).toEqual([]);
    expect(container.innerHTML).toBe(before);
    expect(messagesOf(container.querySelector('[name=email]') as HTMLElement)).toEqual([
      'Vul een geldig e-mailadres in.',
    ]);
    container.remove();
  });
});
