// The vocabulary of the service's API: records, events, errors, operations and their rules.
export * from './records';
export * from './limits';
export * from './errors';
export * from './events';
export * from './registration';
export * from './operations';
export * from './operation-table';
export * from './feature-levels';
export * from './checks';
export * from './operation-checks';
