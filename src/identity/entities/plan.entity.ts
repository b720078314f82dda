import { Column, Entity, PrimaryColumn } from 'typeorm';

/** free (10 agents, 25 robots), team (100, 1000), enterprise (no limit): seeded by migration. */
@Entity('plans')
export class Plan {
  @PrimaryColumn('text') slug: string;
  @Column('text') name: string;
  @Column('integer', { nullable: true }) maxServiceAgents: number | null;
  @Column('integer', { nullable: true }) maxRobots: number | null;
}
