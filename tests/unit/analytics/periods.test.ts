// Calendar arithmetic of the analytics periods: dates, ISO weeks, months, roll-up and empty periods.
import { dayOfTimestamp, labelOfDay, periodStart, requireDate, rollUp } from '../../../src/domain/analytics/periods';
import { DomainError } from '../../../src/domain/errors';

const d = (s: string) => requireDate('f', s);

it('parses YYYY-MM-DD into UTC day numbers and back', () => {
  expect(d('1970-01-01')).toBe(0);
  expect(d('2024-02-29')).toBe(19782);
  expect(labelOfDay(19782)).toBe('2024-02-29');
  expect(dayOfTimestamp(Date.UTC(2024, 1, 29, 23, 59, 59) / 1000)).toBe(19782);
  expect(dayOfTimestamp(Date.UTC(2024, 2, 1) / 1000)).toBe(19783);
});

it.each([
  ['2023-02-29', 'is not a calendar date'],
  ['2024-13-01', 'is not a calendar date'],
  ['2024-1-5', 'YYYY-MM-DD'],
  ['2024-01-05T00:00:00Z', 'YYYY-MM-DD'],
  ['1969-12-31', '1970-01-01 or later'],
  [20240105, 'YYYY-MM-DD'],
  [null, 'is required'],
])('refuses %p, naming the field', (input, problem) => {
  let err: unknown;
  try {
    requireDate('filter.startDate', input);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(DomainError);
  expect(err).toMatchObject({ kind: 'InvalidArgument', field: 'filter.startDate' });
  expect((err as Error).message).toContain(problem);
  expect((err as Error).message.startsWith('filter.startDate: ')).toBe(true);
});

it('starts ISO weeks on Monday and months on the 1st', () => {
  // 2024-01-01 was a Monday; 2024-01-07 a Sunday.
  expect(labelOfDay(periodStart(d('2024-01-01'), 'WEEK'))).toBe('2024-01-01');
  expect(labelOfDay(periodStart(d('2024-01-07'), 'WEEK'))).toBe('2024-01-01');
  expect(labelOfDay(periodStart(d('2024-01-08'), 'WEEK'))).toBe('2024-01-08');
  // A week that straddles a year: 2020-12-28 (Monday) to 2021-01-03.
  expect(labelOfDay(periodStart(d('2021-01-03'), 'WEEK'))).toBe('2020-12-28');
  expect(labelOfDay(periodStart(d('1970-01-01'), 'WEEK'))).toBe('1969-12-29');
  expect(labelOfDay(periodStart(d('2024-02-29'), 'MONTH'))).toBe('2024-02-01');
  expect(labelOfDay(periodStart(d('2024-12-31'), 'MONTH'))).toBe('2024-12-01');
  expect(periodStart(12345, 'DAY')).toBe(12345);
});

it('rolls days up, sorted, omitting empty periods unless asked, counting only days in range', () => {
  const daily = [
    { day: d('2024-01-31'), count: 1 },
    { day: d('2024-01-03'), count: 2 },
    { day: d('2024-02-01'), count: 1 },
    { day: d('2024-01-08'), count: 1 },
    { day: d('2024-03-01'), count: 9 }, // outside the range: ignored
  ];
  const range = { startDay: d('2024-01-02'), endDay: d('2024-02-04') };
  expect(rollUp(daily, 'DAY', range, false)).toEqual([
    { label: '2024-01-03', value: 2 },
    { label: '2024-01-08', value: 1 },
    { label: '2024-01-31', value: 1 },
    { label: '2024-02-01', value: 1 },
  ]);
  expect(rollUp(daily, 'WEEK', range, false)).toEqual([
    { label: '2024-01-01', value: 2 },
    { label: '2024-01-08', value: 1 },
    { label: '2024-01-29', value: 2 },
  ]);
  expect(rollUp(daily, 'WEEK', range, true)).toEqual([
    { label: '2024-01-01', value: 2 },
    { label: '2024-01-08', value: 1 },
    { label: '2024-01-15', value: 0 },
    { label: '2024-01-22', value: 0 },
    { label: '2024-01-29', value: 2 },
  ]);
  expect(rollUp(daily, 'MONTH', range, false)).toEqual([
    { label: '2024-01-01', value: 4 },
    { label: '2024-02-01', value: 1 },
  ]);
  expect(rollUp([], 'MONTH', { startDay: d('2023-11-15'), endDay: d('2024-02-01') }, true).map((s) => s.label)).toEqual([
    '2023-11-01',
    '2023-12-01',
    '2024-01-01',
    '2024-02-01',
  ]);
  expect(rollUp([], 'DAY', { startDay: d('2024-02-28'), endDay: d('2024-03-01') }, true)).toEqual([
    { label: '2024-02-28', value: 0 },
    { label: '2024-02-29', value: 0 },
    { label: '2024-03-01', value: 0 },
  ]);
});
