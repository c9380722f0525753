export { type ChangelogEntry, renderChangelog } from './changelog.js';
export { type Change, type ChangeKind, compareDescriptions } from './changes.js';
export { changelogEntries, checkWorkspace, strayReleases } from './check.js';
export { type GateResult, runGate } from './gate.js';
export { uncommittedReleases } from './git.js';
export { type ChangeSubject, type PartnerChange, partnerChanges, sentenceOf } from './partner.js';
export { listReleases, loadRelease } from './releases.js';
export { formatReport } from './report.js';
