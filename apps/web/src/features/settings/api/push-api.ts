import type { PushConfigResponse, PushSubscriptionRequest, PushTestResponse } from '@grandline/core/contracts/push';
import { apiGet, apiSend } from '@/lib/api-client';

/** Web Push (issue 17): the server's key, and this device's subscription (apps/server features/push). */
export const pushApi = {
  config: () => apiGet<PushConfigResponse>('/push/config'),
  subscribe: (subscription: PushSubscriptionRequest) => apiSend<void>('PUT', '/push/subscriptions', subscription),
  unsubscribe: (endpoint: string) => apiSend<void>('DELETE', '/push/subscriptions', { endpoint }),
  test: () => apiSend<PushTestResponse>('POST', '/push/test'),
};
