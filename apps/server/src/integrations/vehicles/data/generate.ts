/**
 * Writes `vehicles.json` from `source.ts`: makes, models and styles with stable ids (a make by its place in
 * alphabetical order, a model `make id × 100 + n`, a style `model id × 10 + n`), every line checked.
 * Run: npx tsx apps/server/src/integrations/vehicles/data/generate.ts
 */
import { writeFileSync } from 'node:fs';
import { vehicleSource } from './source.ts';

type Style = { id: number; name: string; base: string };
type Model = { id: number; name: string; type: string; from: number; to: number; styles: Style[] };
type Make = { id: number; name: string; models: Model[] };

const makes: Make[] = Object.keys(vehicleSource)
  .sort((a, b) => a.localeCompare(b))
  .map((name, i) => {
    const id = i + 1;
    const models = vehicleSource[name]!.map((line, m): Model => {
      const [model, type, years, styles] = line.split('|');
      const [from, to] = (years ?? '').split('-').map((y) => Number.parseInt(y, 10));
      if (!model || !type || !styles || !from || !to || from > to) throw new Error(`Bad line for ${name}: ${line}`);
      const modelId = id * 100 + m + 1;
      return {
        id: modelId,
        name: model,
        type,
        from,
        to,
        styles: styles.split(';').map((s, n) => {
          const [style, base] = s.split(':');
          if (!style || !base || !/^\d+$/.test(base)) throw new Error(`Bad style for ${name} ${model}: ${s}`);
          return { id: modelId * 10 + n + 1, name: style, base: `${base}.00` };
        }),
      };
    });
    return { id, name, models };
  });

writeFileSync(
  new URL('./vehicles.json', import.meta.url),
  `${JSON.stringify({ provider: 'Credence Sandbox Valuation', makes })}\n`,
);
const count = makes.reduce((n, m) => n + m.models.length, 0);
process.stdout.write(`vehicles.json: ${makes.length} makes, ${count} models\n`);
