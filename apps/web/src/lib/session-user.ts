import type { Profile } from '@portal/shared';

/**
 * Who the client remembers is signed in (spec 000 §3 "Client session"). Kept apart from the store
 * so the browser journeys can write the same shape into localStorage when they sign in by API.
 */
export type SessionUser = {
  id: string;
  username: string;
  email?: string;
  /** 'admin' for administrators (docs/product-rules.md "Identity and roles"). */
  role?: string;
  type?: string;
  status?: string;
  /** Registered but the membership form is not yet filled in. */
  isNew?: boolean;
};

/** The parts of the server's profile the client keeps between visits. */
export function toSessionUser(profile: Profile): SessionUser {
  return {
    id: profile.id,
    username: profile.username,
    email: profile.email,
    role: profile.role,
    type: profile.type,
    status: profile.status,
    isNew: profile.isNew,
  };
}
