// Registered for every test file (vitest.config.ts setupFiles): a CLI call on a big project leaves
// a resident index running for the next calls (src/assistant/resident/), which a test run must not
// leave behind; the resident's own tests turn it on for the processes they start.
process.env.MODELER_AI_RESIDENT = '0';
