/** What the auth feature offers the rest of the service; other features import it from here only. */
export * from './auth-policy';
export * from './auth-strategy.registry';
export * from './bearer-token';
export * from './principal';
export * from './roles';
export * from './route-walk';
export * from './scopes';
