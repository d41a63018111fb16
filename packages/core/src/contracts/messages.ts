/**
 * English text of the validation message keys used in contracts. The server uses it for the
 * `message` of its 400 answers; the web app translates the same keys with i18next.
 */
export const VALIDATION_MESSAGES_EN: Record<string, string> = {
  'validation.searchTooLong': 'Search text must be at most 100 characters',
  'validation.costRange': 'Minimum cost must not be greater than maximum cost',
  'validation.powerRange': 'Minimum power must not be greater than maximum power',
  'validation.invalidCardId': 'Invalid card ID',
};

export const messageText = (message: string) => VALIDATION_MESSAGES_EN[message] ?? message;
