// The release lines of the packages' CHANGELOG.md, which their tarballs ship to partners: the
// changeset's own words, without the commit that added it (@changesets/cli/changelog names it).
module.exports = {
  getReleaseLine: async (changeset) => {
    const [first = '', ...rest] = changeset.summary.split('\n').map((line) => line.trimEnd());
    return `\n\n- ${first}\n${rest.map((line) => (line ? `  ${line}` : '')).join('\n')}`.trimEnd();
  },
  getDependencyReleaseLine: async () => '',
};
