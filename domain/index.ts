export * from './constants';
export * from './messages';
export * from './text';
export * from './formatters';
export * from './documents';
export * from './permissions';
