// Registered for every test file (vitest.config.ts setupFiles), before anything reads a project.
// Why: real dbt projects branch on the environment as dbt does (`env_var('CI', '')` in
// pilotage-inclusion's pilo_star renders `id` instead of a star of the table), and the reader
// honours that. Labels and expected results were read as on a developer's machine, so a runner
// that sets CI (as CI services do) must not change what a test reads: the markers are removed
// from this worker and from the CLI, server and dbt processes it starts.
for (const name of ['CI', 'CONTINUOUS_INTEGRATION', 'BUILD_NUMBER', 'RUN_ID', 'GITHUB_ACTIONS', 'GITLAB_CI', 'BUILDKITE', 'CIRCLECI', 'TRAVIS']) {
  delete process.env[name];
}
