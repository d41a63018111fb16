export * from './game-categories';
export * from './card-sets';
export * from './cards';
export * from './app-meta';
export * from './auth';
export * from './accounts';
export * from './decks';
export * from './binders';
