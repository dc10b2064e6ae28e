import { describe, expect, it } from 'vitest';
import { DiscordAPIError } from '../../src/remote/errors.js';
import { flattenFormErrors, formatFieldError } from '../../src/remote/form-errors.js';

describe('flattenFormErrors', () => {
  it('flattens a nested option error, numeric keys become numbers', () => {
    const errors = {
      options: {
        '0': { name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }] } },
      },
    };
    const flat = flattenFormErrors(errors);
    expect(flat).toEqual([
      { path: ['options', 0, 'name'], code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' },
    ]);
    expect(formatFieldError(flat[0])).toBe(
      'options[0].name[APPLICATION_COMMAND_INVALID_NAME]: Command name is invalid',
    );
  });

  it('puts the command index first for a bulk PUT body', () => {
    const errors = {
      '7': {
        _errors: [{ code: 'APPLICATION_COMMANDS_DUPLICATE_NAME', message: 'Application command names must be unique' }],
      },
      '2': {
        description: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }] },
        options: {
          '1': {
            _errors: [
              {
                code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
                message: 'Required options must be placed before non-required options',
              },
            ],
          },
        },
      },
    };
    const flat = flattenFormErrors(errors);
    expect(flat.map((e) => e.path)).toEqual([[2, 'description'], [2, 'options', 1], [7]]);
    expect(flat.map(formatFieldError)).toEqual([
      '[2].description[BASE_TYPE_BAD_LENGTH]: Must be between 1 and 100 in length.',
      '[2].options[1][APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID]: Required options must be placed before non-required options',
      '[7][APPLICATION_COMMANDS_DUPLICATE_NAME]: Application command names must be unique',
    ]);
  });

  it('keeps a whole-body error at the empty path, and locale keys as names', () => {
    const errors = {
      _errors: [{ code: 'APPLICATION_COMMAND_TOO_LARGE', message: 'Command exceeds maximum size (8000)' }],
      description_localizations: {
        pt_BR: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of (...).' }] },
      },
      name_localizations: {
        _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }],
      },
    };
    const lines = flattenFormErrors(errors).map(formatFieldError);
    expect(lines).toEqual([
      'APPLICATION_COMMAND_TOO_LARGE: Command exceeds maximum size (8000)',
      'description_localizations.pt_BR[BASE_TYPE_CHOICES]: Value must be one of (...).',
      'name_localizations[APPLICATION_COMMAND_INVALID_NAME]: Command name is invalid',
    ]);
  });

  it('ignores garbage without throwing', () => {
    expect(flattenFormErrors(undefined)).toEqual([]);
    expect(flattenFormErrors('x')).toEqual([]);
    expect(flattenFormErrors({ a: { _errors: 'nope' }, b: null })).toEqual([]);
  });

  it('DiscordAPIError carries the fields and one line per field', () => {
    const body = {
      code: 50035,
      message: 'Invalid Form Body',
      errors: {
        embeds: {
          '0': { fields: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' }] } },
        },
      },
    };
    const error = new DiscordAPIError(400, body, { method: 'POST', url: 'http://x/api/v10/webhooks/1/[REDACTED]' });
    expect(error.code).toBe('DISCORD_API_ERROR');
    expect(error.apiCode).toBe(50035);
    expect(error.apiMessage).toBe('Invalid Form Body');
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([
      { path: ['embeds', 0, 'fields'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' },
    ]);
    expect(error.message).toBe(
      'POST http://x/api/v10/webhooks/1/[REDACTED] → 400 Invalid Form Body (code 50035)\n  embeds[0].fields[BASE_TYPE_MAX_LENGTH]: Must be 25 or fewer in length.',
    );
    expect(error.name).toBe('DiscordAPIError');
  });
});
