import { describe, expect, it } from 'vitest';
import { breachClockState, durationWords } from './breach-clock';

const discovered = Date.parse('2026-12-03T00:00:00Z');
const breach = { notify_by: new Date(discovered + 72 * 3_600_000).toISOString(), closed_at: null };
const none = { npc: null, people: null };
const hours = (count: number) => discovered + count * 3_600_000;

describe('the 72-hour clock', () => {
  it('says the time left, then how long overdue', () => {
    expect(breachClockState(breach, none, hours(5))).toEqual({
      tone: 'ok',
      text: '2 days 19 h left to notify',
    });
    expect(breachClockState(breach, none, hours(71.5))).toEqual({
      tone: 'ok',
      text: '30 min left to notify',
    });
    expect(breachClockState(breach, none, hours(75.25))).toEqual({
      tone: 'late',
      text: 'Overdue by 3 h 15 min',
    });
  });

  it('stops once both the NPC and the people are told: in time or late', () => {
    const told = (at: number) => ({
      npc: new Date(at).toISOString(),
      people: new Date(hours(10)).toISOString(),
    });
    expect(breachClockState(breach, told(hours(70)), hours(100)).text).toBe('Notified in time');
    expect(breachClockState(breach, told(hours(73)), hours(100))).toEqual({
      tone: 'late',
      text: 'Notified late',
    });
    // One notice alone does not stop it.
    expect(breachClockState(breach, { ...none, npc: new Date(hours(1)).toISOString() }, hours(80)).tone).toBe(
      'late',
    );
  });

  it('words a duration in its two largest units', () => {
    expect(durationWords(86_400_000 + 3_600_000)).toBe('1 day 1 h');
    expect(durationWords(59_000)).toBe('0 min');
  });
});
