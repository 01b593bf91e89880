import { describe, expect, it } from 'vitest';
import { changedProperties, editableProperties, propertyText, propertyValue, type PropertySpec } from '../../../renderer/app/event-properties-model.js';

const specs: PropertySpec[] = [
  { name: 'x', type: 'float32', description: 'Where: x' },
  { name: 'won', type: 'bool', description: 'Won the ball' },
  { name: 'outcome', type: 'str', enum: ['goal', 'on_target'], description: 'What became of it' },
  { name: 'count', type: 'int32', description: 'A whole number' },
  { name: 'opponent_player_id', type: 'str', description: 'Who' },
];

describe('event properties as the review panel edits them', () => {
  it('leaves out the confidences (the event\'s own fields)', () => {
    expect(editableProperties([...specs, { name: 'confidence_event', type: 'float32', description: '' }]).map((p) => p.name))
      .toEqual(['x', 'won', 'outcome', 'count', 'opponent_player_id']);
    expect(editableProperties(undefined)).toEqual([]);
  });

  it('reads each field as its type: empty is null, what cannot be one is undefined', () => {
    const [x, won, outcome, count] = specs as [PropertySpec, PropertySpec, PropertySpec, PropertySpec];
    expect([propertyValue(x, '30,5'), propertyValue(x, ' '), propertyValue(x, 'abc')]).toEqual([30.5, null, undefined]);
    expect([propertyValue(won, 'true'), propertyValue(won, 'false'), propertyValue(won, 'yes')]).toEqual([true, false, undefined]);
    expect([propertyValue(outcome, 'goal'), propertyValue(outcome, 'wide')]).toEqual(['goal', undefined]);
    expect([propertyValue(count, '3'), propertyValue(count, '3.5')]).toEqual([3, undefined]);
    expect([propertyText(null), propertyText(false), propertyText(12.5)]).toEqual(['', 'false', '12.5']);
  });

  it('saves the event\'s properties with the changed fields laid over; nothing changed is null', () => {
    const before = { x: 10, won: null, engine_note: 'kept' };
    const texts = { x: '10', won: '', outcome: '', count: '', opponent_player_id: '' };
    expect(changedProperties(specs, before, texts)).toBeNull();
    expect(changedProperties(specs, before, { ...texts, won: 'true', opponent_player_id: '1-4' }))
      .toEqual({ x: 10, won: true, engine_note: 'kept', opponent_player_id: '1-4' });
    expect(changedProperties(specs, before, { ...texts, x: '' })).toEqual({ x: null, won: null, engine_note: 'kept' });
    expect(changedProperties(specs, before, { ...texts, count: '1.5' })).toBe('invalid');
  });
});
