import type { MailMessage } from '../../lib/mail';
import { escapeHtml, requestLanguage, type Lang } from '../../lib/mail-text';

const TEXTS = {
  verify: {
    en: { subject: 'Confirm your e-mail for Grand Line', body: 'Welcome to Grand Line! Confirm your e-mail address by opening this link:' },
    pt: { subject: 'Confirme seu e-mail no Grand Line', body: 'Boas-vindas ao Grand Line! Confirme seu endereço de e-mail abrindo este link:' },
    es: { subject: 'Confirma tu correo en Grand Line', body: '¡Te damos la bienvenida a Grand Line! Confirma tu dirección de correo abriendo este enlace:' },
  },
  reset: {
    en: { subject: 'Reset your Grand Line password', body: 'Someone asked to reset the password of your Grand Line account. To choose a new one, open this link:' },
    pt: { subject: 'Redefina sua senha do Grand Line', body: 'Alguém pediu para redefinir a senha da sua conta Grand Line. Para escolher uma nova, abra este link:' },
    es: { subject: 'Restablece tu contraseña de Grand Line', body: 'Alguien pidió restablecer la contraseña de tu cuenta de Grand Line. Para elegir una nueva, abre este enlace:' },
  },
  existing: {
    en: {
      subject: 'You already have a Grand Line account',
      body: 'Someone tried to create a Grand Line account with this e-mail address, but you already have one. Sign in here (or choose "Forgot password?" there):',
    },
    pt: {
      subject: 'Você já tem uma conta no Grand Line',
      body: 'Alguém tentou criar uma conta no Grand Line com este e-mail, mas você já tem uma. Entre por aqui (ou escolha "Esqueceu a senha?" lá):',
    },
    es: {
      subject: 'Ya tienes una cuenta en Grand Line',
      body: 'Alguien intentó crear una cuenta de Grand Line con este correo, pero ya tienes una. Inicia sesión aquí (o elige "¿Olvidaste tu contraseña?" allí):',
    },
  },
  // A reset asked for an account that signs in only with an outside provider: there is no password, and the
  // request is answered like any other (no account enumeration), so the mail explains. {providers} is filled in.
  external: {
    en: {
      subject: 'Your Grand Line account has no password',
      body: 'Someone asked to reset the password of your Grand Line account, but it has no password to reset: you sign in with {providers}. Use that button on the sign-in page:',
    },
    pt: {
      subject: 'Sua conta Grand Line não tem senha',
      body: 'Alguém pediu para redefinir a senha da sua conta Grand Line, mas ela não tem senha para redefinir: você entra com {providers}. Use esse botão na página de entrada:',
    },
    es: {
      subject: 'Tu cuenta de Grand Line no tiene contraseña',
      body: 'Alguien pidió restablecer la contraseña de tu cuenta de Grand Line, pero no tiene contraseña que restablecer: inicias sesión con {providers}. Usa ese botón en la página de inicio de sesión:',
    },
  },
  ignore: {
    en: 'If you did not ask for this, ignore this message. The link expires in one hour.',
    pt: 'Se não foi você, ignore esta mensagem. O link expira em uma hora.',
    es: 'Si no fuiste tú, ignora este mensaje. El enlace caduca en una hora.',
  },
  ignoreNoExpiry: {
    en: 'If you did not ask for this, ignore this message: nothing about your account changed.',
    pt: 'Se não foi você, ignore esta mensagem: nada mudou na sua conta.',
    es: 'Si no fuiste tú, ignora este mensaje: nada ha cambiado en tu cuenta.',
  },
  or: { en: 'or', pt: 'ou', es: 'o' },
} as const;

/** The language of a request, from our own header or Accept-Language; English otherwise. */
export const mailLanguage = requestLanguage;

/** "Google", "Google or Facebook", "Google, Facebook or Company SSO", in the mail's language. */
const listOf = (names: string[], lang: Lang) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${TEXTS.or[lang]} ${names[names.length - 1]}`;

export type AuthMailKind = 'verify' | 'reset' | 'existing' | 'external';

/** An account e-mail; `providers` names the outside sign-in methods of an 'external' one. */
export function authMail(kind: AuthMailKind, lang: Lang, to: string, url: string, providers: string[] = []): MailMessage {
  const { subject } = TEXTS[kind][lang];
  const body = TEXTS[kind][lang].body.replace('{providers}', listOf(providers, lang));
  const ignore = kind === 'verify' || kind === 'reset' ? TEXTS.ignore[lang] : TEXTS.ignoreNoExpiry[lang];
  return {
    to,
    subject,
    text: `${body}\n\n${url}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p style="color:#666">${escapeHtml(ignore)}</p>`,
  };
}
