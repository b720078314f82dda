/** A robot's status, as the robots.status column holds it (migrations/). */
export const ROBOT_STATUSES = ['pending', 'active', 'retired'] as const;
export type RobotStatus = (typeof ROBOT_STATUSES)[number];
