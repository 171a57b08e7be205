/** Administration › Core Code Mappings: the area (wired in the admin registry). */
export { coreCodeMappingsArea } from './core-code-mappings-area.ts';
