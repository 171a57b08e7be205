/** The migrated, seeded database every integration test file clones. */
export const TEMPLATE_DB = 'credence_test_template';
