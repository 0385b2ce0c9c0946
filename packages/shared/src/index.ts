export * from './constants';
export * from './errors';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/job';
export * from './schemas/profile';
export * from './interview-protocol';
