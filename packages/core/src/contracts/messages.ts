/**
 * English text of the validation message keys used in contracts. The server uses it for the
 * `message` of its 400 answers; the web app translates the same keys with i18next.
 */
export const VALIDATION_MESSAGES_EN: Record<string, string> = {
  'validation.searchTooLong': 'Search text must be at most 100 characters',
  'validation.costRange': 'Minimum cost must not be greater than maximum cost',
  'validation.powerRange': 'Minimum power must not be greater than maximum power',
  'validation.invalidCardId': 'Invalid card ID',
  'validation.emailRequired': 'E-mail is required',
  'validation.emailTooLong': 'E-mail must be at most 255 characters',
  'validation.emailInvalid': 'Invalid e-mail address',
  'validation.passwordTooShort': 'Password must be at least 8 characters',
  'validation.passwordTooLong': 'Password must be at most 128 characters',
  'validation.passwordUppercase': 'Password must contain at least one uppercase letter',
  'validation.passwordLowercase': 'Password must contain at least one lowercase letter',
  'validation.passwordDigit': 'Password must contain at least one number',
  'validation.passwordRequired': 'Password is required',
  'validation.passwordsMismatch': 'Passwords do not match',
  'validation.currentPasswordRequired': 'Current password is required',
  'validation.usernameRequired': 'User name is required',
  'validation.usernameTooShort': 'User name must be at least 3 characters',
  'validation.usernameTooLong': 'User name must be less than 20 characters',
  'validation.usernameCharacters': 'User name can only contain letters, numbers, and underscores',
  'validation.usernameTaken': 'This user name is already taken',
  'validation.countryRequired': 'Please select your country',
  'validation.ageRequired': 'You must confirm you are at least 16 years old',
  'validation.tosRequired': 'You must accept the Terms of Service to continue',
  'validation.displayNameTooLong': 'Display name must be at most 50 characters',
  'validation.bioTooLong': 'Bio must be at most 500 characters',
  'validation.avatarUrlInvalid': 'Avatar must be an http or https address',
  'validation.nothingToUpdate': 'Nothing to update',
  'validation.deleteConfirmation': 'Type your e-mail address to confirm',
  'validation.deckNameRequired': 'Deck name is required',
  'validation.deckNameTooLong': 'Deck name must be at most 100 characters',
  'validation.deckDescriptionTooLong': 'Description must be at most 2000 characters',
  'validation.deckEmpty': 'Deck needs at least one card',
  'validation.deckLeaderRequired': 'Please select a leader',
  'validation.deckLeaderNotLeader': 'The leader must be a Leader card',
  'validation.deckTooManyLeaders': 'A Standard deck cannot have more than one Leader',
  'validation.deckNotMainDeckCard': 'Only Character, Event and Stage cards can be in the main deck',
  'validation.deckMainSize': 'The deck must have exactly {{count}} cards plus 1 Leader (it has {{current}})',
  'validation.deckInvalidQuantity': 'Each card needs a quantity of at least 1',
  'validation.deckTooManyCopies': 'At most {{max}} copies of each card number are allowed',
  'validation.deckColorMismatch': 'Every card must share a color with the Leader',
  'validation.deckBanned': 'Banned in this format',
  'validation.deckRestricted': 'Restricted: only 1 copy is allowed',
  'validation.deckRotatedOut': 'Not legal in Standard since {{date}}: only block {{block}} and later',
  'validation.deckUnknownFormat': 'Unknown format for this game',
  'validation.deckListTooLong': 'The deck list is too long',
  'validation.deckCoverNotInDeck': 'Only cards in the deck can be chosen as cover',
  'validation.deckUnknownCard': 'Unknown card',
  'validation.deckLineNoCardNumber': 'No card number on this line',
  'validation.deckLineBadQuantity': 'The quantity must be between 1 and 99',
  'validation.deckLineUnknownCard': 'No card with this number in the library',
};

/** The English text of a message key, with {{placeholders}} filled from `params`. */
export const messageText = (message: string, params?: Record<string, string | number>) => {
  const text = VALIDATION_MESSAGES_EN[message] ?? message;
  return params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
};
