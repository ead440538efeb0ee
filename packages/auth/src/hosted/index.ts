export * from './organizations.ts';
export * from './resolve.ts';
export { clerkOrganizationService, type ClerkLike } from './clerk.ts';
