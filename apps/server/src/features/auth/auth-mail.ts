import type { MailMessage } from '../../lib/mail';

type Lang = 'en' | 'pt' | 'es';

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
  ignore: {
    en: 'If you did not ask for this, ignore this message. The link expires in one hour.',
    pt: 'Se não foi você, ignore esta mensagem. O link expira em uma hora.',
    es: 'Si no fuiste tú, ignora este mensaje. El enlace caduca en una hora.',
  },
} as const;

/** The language of a request, from our own header or Accept-Language; English otherwise. */
export function mailLanguage(headers: Headers | undefined): Lang {
  const wanted = headers?.get('x-grandline-language') ?? headers?.get('accept-language') ?? '';
  const code = wanted.trim().slice(0, 2).toLowerCase();
  return code === 'pt' || code === 'es' ? code : 'en';
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function authMail(kind: 'verify' | 'reset' | 'existing', lang: Lang, to: string, url: string): MailMessage {
  const { subject, body } = TEXTS[kind][lang];
  const ignore = TEXTS.ignore[lang];
  return {
    to,
    subject,
    text: `${body}\n\n${url}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p style="color:#666">${escapeHtml(ignore)}</p>`,
  };
}
