import type { ContactRequestInput, ContactResponse } from '@grandline/core/contracts/contact';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';

/** POST /api/contact: anyone may write; the server stores the message and mails it to the team. */
const sendContactMessage = (message: ContactRequestInput) => apiSend<ContactResponse>('POST', '/contact', message);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
