import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, ValidateBy } from 'class-validator';
import { canonicalCidr, MAX_ALLOWED_IPS } from '../http/ip-allowlist';

/** Each entry an IPv4 or IPv6 CIDR, or a single address (canonicalCidr; ADR 0261). */
const IsCidr = () =>
  ValidateBy(
    {
      name: 'isCidr',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && canonicalCidr(value) !== undefined,
        defaultMessage: () => 'each entry must be an IPv4 or IPv6 address or CIDR without host bits (10.0.0.0/8, 2001:db8::/32)',
      },
    },
    { each: true },
  );

/**
 * An optional `allowed_ips` field (API.md Part 3 "Operator API tokens and IP allowlists"): up to
 * MAX_ALLOWED_IPS CIDRs, on API tokens and on agk_ keys. `of` says what the list guards.
 */
export const AllowedIpsField = (of: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: [String],
      maxItems: MAX_ALLOWED_IPS,
      example: ['203.0.113.0/24', '2001:db8::/32'],
      description: `up to ${MAX_ALLOWED_IPS} IPv4 or IPv6 CIDRs (a bare address is a /32 or /128); ${of} from other addresses are 403 \`ip_not_allowed\`. Default: any address`,
    }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_ALLOWED_IPS),
    IsCidr(),
  );

/** The canonical, de-duplicated spelling of an allowlist the DTO validated (empty when absent). */
export const canonicalAllowlist = (entries: readonly string[] | undefined): string[] => [
  ...new Set((entries ?? []).map((entry) => canonicalCidr(entry)!)),
];
