/** Codes of the members and invitations routes (API.md Part 3 "Members and invitations"). */
export type MembersProblemCode =
  /** 409: the invited address already belongs to a member of this workspace. */
  | 'already_member'
  /** 409: the change would leave the workspace without an owner. */
  | 'last_owner'
  /** 409: the membership is provisioned by SCIM and changes only through SCIM. */
  | 'scim_managed'
  /** 409: the invitation was accepted, revoked or replaced already. */
  | 'invitation_not_pending';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    members: MembersProblemCode;
  }
}
