import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One successful claim: which token created which agent (and bound or created which robot). */
@Entity('enrollment_claims')
export class EnrollmentClaim {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') workspaceId: string;
  @Column('uuid') enrollmentTokenId: string;
  @Column('uuid') serviceAgentId: string;
  @Column('uuid', { nullable: true }) robotId: string | null;
  @Column('text', { nullable: true }) serialNumber: string | null;
  @Column('timestamptz') claimedAt: Date;
}
