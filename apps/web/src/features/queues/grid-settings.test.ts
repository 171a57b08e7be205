import { describe, expect, it } from 'vitest';
import { queueColumns, type QueueColumn } from '@credence/contracts';
import {
  defaultGridSetting,
  parseGridSetting,
  serializeGridSetting,
  visibilityModelFromFields,
  visibilityModelOf,
  visibleFields,
} from './grid-settings.ts';

const columns: QueueColumn[] = queueColumns.map((c) => ({ ...c, operators: [...c.operators], valueOptions: null }));

describe('queue grid setting', () => {
  it('round-trips and falls back to the default on anything unreadable', () => {
    const setting = {
      columnVisibility: { termMonths: true },
      widths: { applicantName: 240 },
      density: 'standard' as const,
    };
    expect(parseGridSetting(serializeGridSetting(setting))).toEqual(setting);
    expect(parseGridSetting(null)).toEqual(defaultGridSetting);
    expect(parseGridSetting('{oops')).toEqual(defaultGridSetting);
    expect(parseGridSetting('{"density":"tiny","widths":{"a":-5}}')).toEqual(defaultGridSetting);
  });

  it('starts compact and keeps the density the user chose', () => {
    expect(parseGridSetting(null).density).toBe('compact');
    expect(parseGridSetting('{"columnVisibility":{}}').density).toBe('compact');
    expect(parseGridSetting('{"density":"comfortable"}').density).toBe('comfortable');
  });

  it('hides the hiddenByDefault columns when there is no saved choice', () => {
    const model = visibilityModelOf(columns, {});
    expect(model.termMonths).toBe(false);
    expect(model.applicantName).toBe(true);
    expect(visibilityModelOf(columns, { termMonths: true, applicantName: false })).toMatchObject({
      termMonths: true,
      applicantName: false,
    });
  });

  it('lists the visible fields in catalogue order', () => {
    const model = visibilityModelFromFields(columns, ['state', 'applicationId']);
    expect(visibleFields(columns, model)).toEqual(['applicationId', 'state']);
  });
});
