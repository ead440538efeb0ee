export * from './organizations.ts';
export { clerkOrganizationService, type ClerkLike } from './clerk.ts';
