/** The migrated, seeded database every integration test file clones. */
export const TEMPLATE_DB = 'credence_test_template';

/** The data encryption key of the test databases: the template is seeded with it and every test app uses it. */
export const TEST_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
