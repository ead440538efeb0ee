// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letter of up to two words, upper-cased', () => {
    expect(initialsOf('jane doe')).toBe('JD');
    expect(initialsOf('Jane van Doe')).toBe('JV');
    expect(initialsOf('admin')).toBe('A');
  });

  it('ignores extra spaces and handles letters outside the BMP', () => {
    expect(initialsOf('  ada   lovelace ')).toBe('AL');
    expect(initialsOf('𝒜lice Bob')).toBe('𝒜B');
  });

  it('skips words that start with punctuation', () => {
    expect(initialsOf('Admin (demo)')).toBe('A');
    expect(initialsOf('- Jane - Doe')).toBe('JD');
  });

  it('gives an empty string for no name', () => {
    expect(initialsOf('')).toBe('');
    expect(initialsOf('   ')).toBe('');
    expect(initialsOf(undefined)).toBe('');
  });
});
