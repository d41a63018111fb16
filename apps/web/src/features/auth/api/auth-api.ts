import type { AcceptTermsRequest, MeResponse, UpdateProfileRequest, UsernameAvailabilityResponse } from '@grandline/core/contracts/account';
import { apiGet, apiSend } from '@/lib/api-client';

/** The auth library's endpoints under /api/auth, and our account endpoints. */
const origin = () => window.location.origin;

/** Where the confirmation link lands: it signs the user in and redirects here. */
const VERIFIED_PATH = '/auth/verified';
const CALLBACK_PATH = '/auth/callback';

export const authApi = {
  signIn: (email: string, password: string) => apiSend<{ user: { id: string } }>('POST', '/auth/sign-in/email', { email, password, rememberMe: true }),
  signUp: (email: string, password: string) =>
    apiSend<{ user: { id: string } }>('POST', '/auth/sign-up/email', { email, password, name: email.split('@')[0], callbackURL: VERIFIED_PATH }),
  resendConfirmation: (email: string) => apiSend<{ status: boolean }>('POST', '/auth/send-verification-email', { email, callbackURL: VERIFIED_PATH }),
  requestPasswordReset: (email: string) =>
    apiSend<{ status: boolean }>('POST', '/auth/request-password-reset', { email, redirectTo: `${origin()}${CALLBACK_PATH}?type=recovery` }),
  resetPassword: (token: string, newPassword: string) => apiSend<{ status: boolean }>('POST', '/auth/reset-password', { token, newPassword }),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiSend<unknown>('POST', '/auth/change-password', { currentPassword, newPassword, revokeOtherSessions: true }),
  /** Starts an outside provider's authorization-code + PKCE flow; resolves with the provider's URL. */
  socialSignIn: (provider: string) =>
    apiSend<{ url?: string; redirect?: boolean }>('POST', '/auth/sign-in/social', {
      provider,
      callbackURL: CALLBACK_PATH,
      errorCallbackURL: CALLBACK_PATH,
      disableRedirect: true,
    }),
  signOut: () => apiSend<unknown>('POST', '/auth/sign-out'),

  acceptTerms: (body: AcceptTermsRequest) => apiSend<MeResponse>('POST', '/me/accept-terms', body),
  updateProfile: (body: UpdateProfileRequest) => apiSend<MeResponse>('PATCH', '/me/profile', body),
  deleteAccount: (confirmation: string) => apiSend<void>('POST', '/me/delete', { confirmation }),
  usernameAvailable: (name: string, signal?: AbortSignal) =>
    apiGet<UsernameAvailabilityResponse>('/profiles/username-available', { name }, { signal }).then((r) => r.available),
  countryGuess: (signal?: AbortSignal) => apiGet<{ countryCode: string | null; source: 'ip' | 'none' }>('/geo/country', undefined, { signal }),
};
