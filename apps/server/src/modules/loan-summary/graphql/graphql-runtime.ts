import { createRequire } from 'node:module';

/**
 * graphql's values (error class, rules, kinds) from the very module instance Mercurius uses. graphql ships a
 * CommonJS and an ES build; Mercurius requires the CommonJS one, and a bundler-style resolver (Vitest) would
 * hand an `import` the ES one: two instances, whose `instanceof` checks fail ("Cannot use … from another module
 * or realm"). Requiring it here keeps one instance everywhere.
 */
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');

export const { GraphQLError, Kind, NoSchemaIntrospectionCustomRule, parse } = graphql;
