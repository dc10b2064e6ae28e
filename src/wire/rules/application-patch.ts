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
  ApplicationFlag.GATEWAY_PRESENCE_LIMITED |
  ApplicationFlag.GATEWAY_GUILD_MEMBERS_LIMITED |
  ApplicationFlag.GATEWAY_MESSAGE_CONTENT_LIMITED;

type Answer = Problem['api'];
/** Every finding here is one field of the profile. */
const field = (path: Problem['path'], message: string, answer: Answer): Problem =>
  problem('application-field', path, message, answer);
const L = APPLICATION_PATCH_LIMITS;

const nullableString = (out: Problem[], body: Obj, key: string, nullable: boolean) => {
  const v = body[key];
  if (v === undefined || (nullable && v === null) || typeof v === 'string') return;
  out.push(field([key], `${key} must be a string.`, ApiErrors.string()));
};

/** The problems of a PATCH /applications/@me body, field by field. */
export function validateApplicationPatch(body: unknown): Problem[] {
  if (!isObject(body)) return [problem('application-body', [], 'The body must be an object.', ApiErrors.object())];
  const out: Problem[] = [];
  nullableString(out, body, 'description', false);
  for (const key of ['interactions_endpoint_url', 'role_connections_verification_url', 'custom_install_url'])
    nullableString(out, body, key, true);
  if (typeof body.description === 'string' && body.description.length > L.description_max)
    out.push(field(['description'], 'description is too long.', ApiErrors.maxLength(L.description_max)));
  if (body.tags !== undefined) checkTags(out, body.tags);
  if (body.flags !== undefined && !Number.isInteger(body.flags))
    out.push(field(['flags'], 'flags must be an integer.', ApiErrors.integer(body.flags)));
  if (body.install_params !== undefined && body.install_params !== null) checkInstallParams(out, body.install_params);
  if (body.integration_types_config !== undefined) checkInstallContexts(out, body.integration_types_config);
  return out;
}

function checkTags(out: Problem[], tags: unknown): void {
  if (!Array.isArray(tags)) out.push(field(['tags'], 'tags must be a list.', ApiErrors.array()));
  else if (tags.length > L.tags_max)
    out.push(field(['tags'], `At most ${L.tags_max} tags.`, ApiErrors.maxLength(L.tags_max)));
  else
    tags.forEach((t, i) => {
      if (typeof t !== 'string') out.push(field(['tags', i], 'A tag must be a string.', ApiErrors.string()));
      else if (t.length < 1 || t.length > L.tag_max)
        out.push(field(['tags', i], `A tag is 1 to ${L.tag_max} characters.`, ApiErrors.badLength(1, L.tag_max)));
    });
}

function checkInstallParams(out: Problem[], ip: unknown): void {
  if (!isObject(ip)) {
    out.push(field(['install_params'], 'install_params must be an object.', ApiErrors.object()));
    return;
  }
  if (!Array.isArray(ip.scopes) || ip.scopes.some((s) => typeof s !== 'string'))
    out.push(field(['install_params', 'scopes'], 'scopes must be a list of strings.', ApiErrors.array()));
  if (typeof ip.permissions !== 'string' || !/^\d+$/.test(ip.permissions))
    out.push(
      field(
        ['install_params', 'permissions'],
        'permissions must be a decimal bit set.',
        ApiErrors.integer(ip.permissions),
      ),
    );
}

function checkInstallContexts(out: Problem[], c: unknown): void {
  const at = 'integration_types_config';
  const allowed = [String(IntegrationType.GUILD_INSTALL), String(IntegrationType.USER_INSTALL)];
  if (!isObject(c)) out.push(field([at], `${at} must be an object.`, ApiErrors.object()));
  else if (Object.keys(c).length === 0)
    out.push(field([at], 'At least one installation context.', ApiErrors.required()));
  else
    for (const key of Object.keys(c)) {
      if (!allowed.includes(key))
        out.push({
          ...field([at, key], `Unknown installation context ${key}.`, ApiErrors.choices(allowed)),
          atKey: true,
        });
      else if (c[key] !== null && !isObject(c[key]))
        out.push(field([at, key], 'Each context takes an object.', ApiErrors.object()));
    }
}
