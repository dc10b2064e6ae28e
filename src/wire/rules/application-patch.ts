/**
 * A PATCH /applications/@me body (the owner editing the app's profile):
 * which fields it takes and their sizes. Pure; the emulator answers with it.
 */
import { ApplicationFlag } from '../application.js';
import { IntegrationType } from '../enums.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import { isObject, type Obj } from './values.js';

/** Sizes of the profile fields the service states for the application object. */
export const APPLICATION_PATCH_LIMITS = { description_max: 400, tags_max: 5, tag_max: 20 } as const;

/** The flags an owner may set through PATCH: the limited gateway intents (presence, members, message content). */
export const SETTABLE_APPLICATION_FLAGS =
  ApplicationFlag.GATEWAY_PRESENCE_LIMITED | ApplicationFlag.GATEWAY_GUILD_MEMBERS_LIMITED | ApplicationFlag.GATEWAY_MESSAGE_CONTENT_LIMITED;

const nullableString = (out: Problem[], body: Obj, key: string, nullable: boolean) => {
  const v = body[key];
  if (v === undefined || (nullable && v === null) || typeof v === 'string') return;
  out.push(problem('application-field', [key], `${key} must be a string.`, ApiErrors.string()));
};

/** The problems of a PATCH /applications/@me body, field by field. */
export function validateApplicationPatch(body: unknown): Problem[] {
  if (!isObject(body)) return [problem('application-body', [], 'The body must be an object.', ApiErrors.object())];
  const out: Problem[] = [];
  nullableString(out, body, 'description', false);
  for (const key of ['interactions_endpoint_url', 'role_connections_verification_url', 'custom_install_url']) nullableString(out, body, key, true);
  if (body.description !== undefined && typeof body.description === 'string' && body.description.length > APPLICATION_PATCH_LIMITS.description_max) {
    out.push(problem('application-field', ['description'], 'description is too long.', ApiErrors.maxLength(APPLICATION_PATCH_LIMITS.description_max)));
  }
  if (body.tags !== undefined) {
    if (!Array.isArray(body.tags)) out.push(problem('application-field', ['tags'], 'tags must be a list.', ApiErrors.array()));
    else if (body.tags.length > APPLICATION_PATCH_LIMITS.tags_max)
      out.push(problem('application-field', ['tags'], `At most ${APPLICATION_PATCH_LIMITS.tags_max} tags.`, ApiErrors.maxLength(APPLICATION_PATCH_LIMITS.tags_max)));
    else
      body.tags.forEach((t, i) => {
        if (typeof t !== 'string') out.push(problem('application-field', ['tags', i], 'A tag must be a string.', ApiErrors.string()));
        else if (t.length < 1 || t.length > APPLICATION_PATCH_LIMITS.tag_max)
          out.push(
            problem('application-field', ['tags', i], `A tag is 1 to ${APPLICATION_PATCH_LIMITS.tag_max} characters.`, ApiErrors.badLength(1, APPLICATION_PATCH_LIMITS.tag_max)),
          );
      });
  }
  if (body.flags !== undefined && !Number.isInteger(body.flags)) out.push(problem('application-field', ['flags'], 'flags must be an integer.', ApiErrors.integer(body.flags)));
  if (body.install_params !== undefined && body.install_params !== null) {
    const ip = body.install_params;
    if (!isObject(ip)) out.push(problem('application-field', ['install_params'], 'install_params must be an object.', ApiErrors.object()));
    else {
      if (!Array.isArray(ip.scopes) || ip.scopes.some((s) => typeof s !== 'string'))
        out.push(problem('application-field', ['install_params', 'scopes'], 'scopes must be a list of strings.', ApiErrors.array()));
      if (typeof ip.permissions !== 'string' || !/^\d+$/.test(ip.permissions))
        out.push(problem('application-field', ['install_params', 'permissions'], 'permissions must be a decimal bit set.', ApiErrors.integer(ip.permissions)));
    }
  }
  if (body.integration_types_config !== undefined) {
    const c = body.integration_types_config;
    const allowed = [String(IntegrationType.GUILD_INSTALL), String(IntegrationType.USER_INSTALL)];
    if (!isObject(c)) out.push(problem('application-field', ['integration_types_config'], 'integration_types_config must be an object.', ApiErrors.object()));
    else if (Object.keys(c).length === 0) out.push(problem('application-field', ['integration_types_config'], 'At least one installation context.', ApiErrors.required()));
    else
      for (const key of Object.keys(c)) {
        if (!allowed.includes(key))
          out.push({ ...problem('application-field', ['integration_types_config', key], `Unknown installation context ${key}.`, ApiErrors.choices(allowed)), atKey: true });
        else if (c[key] !== null && !isObject(c[key]))
          out.push(problem('application-field', ['integration_types_config', key], 'Each context takes an object.', ApiErrors.object()));
      }
  }
  return out;
}
