/**
 * The deployment profile: every open choice the suite needs to talk to a deployment, where the
 * interface shows none. Defaults are the description's choices (propose.ts reads them from it); QA
 * writes the rest in one YAML file (profile.schema.json beside the package's README).
 */

/** A request body as a template: any JSON, whose strings may hold the placeholders below. */
export type Template = unknown;

/** The values a request template is filled with. */
export const PLACEHOLDERS = ['mobile', 'name', 'birth', 'is_male', 'external_id', 'code', 'draft_token'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** The requests whose bodies the interface does not show, each with the placeholders its template must carry. */
export const TEMPLATED = {
  authenticateRecord: ['mobile', 'name', 'birth', 'is_male'],
  verifyRecordAuth: ['code'],
  verifyRoadmapAuth: ['draft_token', 'code'],
} as const satisfies Record<string, readonly Placeholder[]>;
export type TemplatedOperation = keyof typeof TEMPLATED;

/** How the listing says where its next page is: `auto` reads the common conventions (README). */
export const PAGING_STYLES = ['auto', 'link', 'page', 'offset', 'cursor'] as const;
export type PagingStyle = (typeof PAGING_STYLES)[number];

export type Scalar = string | number | boolean | null;

export interface DeploymentProfile {
  listing: {
    path: string;
    filters: { status: string; auth_required: string };
    /** `base`: the number of the first page (0 or 1), where a page does not say its own. */
    paging: { style: PagingStyle; page: string; size: string; base: 0 | 1 };
  };
  result: { path: string };
  /** The field both verifies carry the SMS code in; the verify templates follow it unless given. */
  code_field: string;
  requests: Record<TemplatedOperation, Template>;
  test_fields: {
    /** How `min_age` and `max_age` read: a JSON integer, or digits in a string. */
    ages: 'integer' | 'string';
    gender_permission: { all: Scalar; men: Scalar; women: Scalar };
  };
  /** The success status of each operation. */
  success: Record<string, number>;
  /** `own`: the deployment's error bodies are of its own shape ("not shown"), not compared with the description's. */
  error_bodies: 'description' | 'own';
  /** Per operation, the status the deployment answers where the description assumed another error status. */
  errors: Record<string, Record<string, number>>;
  /** Per organizer mode (`tests_auth_required` true: sms), the statuses that differ there from `success` and `errors`. */
  modes: Record<Mode, Pick<DeploymentProfile, 'success' | 'errors'>>;
}

export type Mode = 'sms' | 'instant';

/** The success status the profile describes for an operation: the mode's own, else the operation's. */
export const successOf = (profile: DeploymentProfile, operationId: string, mode?: Mode): number | undefined =>
  (mode && profile.modes[mode].success[operationId]) || profile.success[operationId];

/** The statuses the profile describes for an operation's assumed error `status`: the mode's, else any mode's and the operation's. */
export const errorsOf = (profile: DeploymentProfile, operationId: string, status: number, mode?: Mode): number[] =>
  [
    ...(mode ? [mode] : (['sms', 'instant'] as const)).map((m) => profile.modes[m].errors[operationId]?.[status]),
    profile.errors[operationId]?.[status],
  ].filter((s): s is number => s !== undefined);

/** Every status the profile describes for an operation, success or error, in any mode. */
export const describedStatuses = (profile: DeploymentProfile, operationId: string): number[] => [
  ...successesOf(profile, operationId),
  ...[profile.errors, profile.modes.sms.errors, profile.modes.instant.errors].flatMap((e) =>
    Object.values(e[operationId] ?? {}),
  ),
];

/** Every success status the profile describes for an operation, in any mode. */
export const successesOf = (profile: DeploymentProfile, operationId: string): number[] =>
  [
    profile.success[operationId],
    profile.modes.sms.success[operationId],
    profile.modes.instant.success[operationId],
  ].filter((s): s is number => s !== undefined);

/** A profile as a file gives it: any part may be left out (the default stands). */
export type ProfileInput = {
  [K in keyof DeploymentProfile]?: DeploymentProfile[K] extends Record<string, unknown>
    ? Partial<{ [J in keyof DeploymentProfile[K]]: Partial<DeploymentProfile[K][J]> }>
    : DeploymentProfile[K];
};

/** Where a setting in effect came from. */
export type Source = 'default' | 'profile' | 'flag' | 'code_field';

export interface ResolvedProfile {
  profile: DeploymentProfile;
  /** Per setting (its dotted key, e.g. `listing.paging.size`), where its value came from. */
  sources: Record<string, Source>;
  /** The templates that differ from the description's shape: the requests the suite reshapes. */
  reshaped: Partial<Record<TemplatedOperation, Template>>;
  /** The description's choices, which a setting of the same value keeps as the suite's assumption. */
  defaults: DeploymentProfile;
  /** The file the profile came from, when one was given. */
  file?: string;
}
