import type { Guard, RouteDef } from '../route-types.ts';
import * as identity from '../schemas/identity.ts';
import * as people from '../schemas/people.ts';

export const signedIn: Guard = { auth: 'user' };
const orgAdmins: Guard = { auth: 'user', roles: ['admin', 'organization_operator'] };

/**
 * Identity domain: the session and the profile the browser holds, the person's own records
 * (profile/edit, pilot-info-edit, organization-edit, actions) and registration. Notifications:
 * notifications.ts; datasources, search and help: lookups.ts.
 */
export const identityRoutes = {
  health: {
    method: 'GET',
    path: '/api/health',
    domain: 'identity',
    guard: { auth: 'public' },
    output: identity.healthOutput,
  },
  checkSession: {
    method: 'POST',
    path: '/api/check',
    domain: 'identity',
    guard: signedIn,
    output: identity.checkOutput,
  },
  getProfile: {
    method: 'GET',
    path: '/api/profile',
    domain: 'identity',
    guard: signedIn,
    output: identity.profileOutput,
  },
  changeLanguage: {
    method: 'PATCH',
    path: '/api/profile/change-language',
    domain: 'identity',
    guard: signedIn,
    body: identity.changeLanguageInput,
    output: identity.profileOutput,
  },
  listMyOrganizations: {
    method: 'GET',
    path: '/api/profile/organizations',
    domain: 'identity',
    guard: signedIn,
    output: identity.organizationsOutput,
  },
  changeOrganization: {
    method: 'PATCH',
    path: '/api/profile/change-organization',
    domain: 'identity',
    guard: signedIn,
    body: identity.changeOrganizationInput,
    output: identity.profileOutput,
  },
  getOwnOrganization: {
    method: 'GET',
    path: '/api/profile/organization',
    domain: 'identity',
    guard: orgAdmins,
    output: identity.ownOrganizationOutput,
  },
  updateOwnOrganization: {
    method: 'PATCH',
    path: '/api/profile/organization',
    domain: 'identity',
    guard: orgAdmins,
    body: identity.updateOwnOrganizationInput,
    output: identity.ownOrganizationOutput,
  },
  // The person's own data (spec §2 profile routes, §7). Any signed-in person, with or without an
  // organization: a pilot who registered alone has no permissions at all and still edits their data.
  getMyPerson: {
    method: 'GET',
    path: '/api/profile/person',
    domain: 'identity',
    guard: signedIn,
    output: people.personOutput,
  },
  updateMyPerson: {
    method: 'PATCH',
    path: '/api/profile',
    domain: 'identity',
    guard: signedIn,
    body: people.personInput,
    output: people.personOutput,
  },
  /** A presigned S3 POST for the person's picture (spec §5: any image, one file). */
  createAvatarUpload: {
    method: 'POST',
    path: '/api/profile/avatar/upload',
    domain: 'identity',
    guard: signedIn,
    body: identity.avatarUploadInput,
    output: identity.avatarUploadOutput,
  },
  /** After the upload: the picture is checked (size, first bytes) and replaces the avatar. */
  setAvatar: {
    method: 'PUT',
    path: '/api/profile/avatar',
    domain: 'identity',
    guard: signedIn,
    body: identity.setAvatarInput,
    output: identity.avatarOutput,
  },
  removeAvatar: {
    method: 'DELETE',
    path: '/api/profile/avatar',
    domain: 'identity',
    guard: signedIn,
    output: identity.avatarOutput,
  },
  getMyPilotInfo: {
    method: 'GET',
    path: '/api/profile/pilot-info',
    domain: 'identity',
    guard: signedIn,
    output: people.pilotInfoOutput,
  },
  updateMyPilotInfo: {
    method: 'PATCH',
    path: '/api/profile/pilot-info',
    domain: 'identity',
    guard: signedIn,
    body: people.pilotInfoInput,
    output: people.pilotInfoOutput,
  },
  listMyActions: {
    method: 'GET',
    path: '/api/profile/actions',
    domain: 'identity',
    guard: signedIn,
    query: identity.pageQuery,
    output: identity.myActionsOutput,
  },
  /** What organizations changed of the person's own data (issue 11 §1), newest first. */
  listActionsAboutMe: {
    method: 'GET',
    path: '/api/profile/actions/about-me',
    domain: 'identity',
    guard: signedIn,
    query: identity.pageQuery,
    output: identity.myActionsOutput,
  },
  /** Spec §2 register: a confirmed Cognito user with no person yet becomes a private pilot. */
  register: {
    method: 'POST',
    path: '/api/registration',
    domain: 'identity',
    guard: { auth: 'user', registration: true },
    body: identity.registrationInput,
    output: identity.profileOutput,
  },
} as const satisfies Record<string, RouteDef>;
