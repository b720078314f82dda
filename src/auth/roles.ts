/**
 * The workspace roles of an operator, highest first (the order OpenAPI lists them in). A route's
 * `@OperatorAuth({ role })`, a membership, a SCIM group's mapping and the pages' buttons all take
 * this union, so a misspelt role does not compile.
 */
export const OPERATOR_ROLES = ['owner', 'admin', 'member'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const RANK: Record<OperatorRole, number> = { member: 1, admin: 2, owner: 3 };

/** Whether `role` grants at least what `least` does (an owner is also an admin and a member). */
export const roleAtLeast = (role: OperatorRole, least: OperatorRole): boolean => RANK[role] >= RANK[least];

/** Whether a role may act (owners and admins), as the pages decide which buttons to show. */
export const canManage = (role: OperatorRole): boolean => roleAtLeast(role, 'admin');
