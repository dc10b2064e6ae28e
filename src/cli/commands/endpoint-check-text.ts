/** An interactions endpoint check in words, for `cmdsync emulator` and `cmdsync emulator check-endpoint`. Pure. */
import type { EndpointCheck, EndpointWatchReport } from '../../emulator/index.js';

export function endpointCheckText(check: EndpointCheck): string {
  if (check.ok) return `interactions endpoint ${check.url}: answers PING and refuses bad signatures`;
  if (check.url === '') return `error: ${check.problems.join('; ')}`;
  return `interactions endpoint ${check.url}: ${check.problems.join('; ')}; the service would refuse this URL`;
}

/** What `cmdsync emulator` says of a start-up check and its re-checks (`app`: whose endpoint, when not the default application's). */
export function watchReportText(report: EndpointWatchReport, app?: string): string {
  const { check, final } = report;
  const whose = app ? ` of ${app}` : '';
  if (check.ok) return `interactions endpoint${whose} ${check.url}: answers PING and refuses bad signatures`;
  const problems = check.problems.join('; ');
  if (final)
    return `warning: interactions endpoint${whose} ${check.url}: ${problems}; the service would refuse this URL (it is used anyway). Check again with \`cmdsync emulator check-endpoint\` or the State view's button.`;
  if (!check.answered)
    return `interactions endpoint${whose} ${check.url}: not answering yet (${problems}); checking again as it comes up, for about 2 minutes`;
  return `warning: interactions endpoint${whose} ${check.url}: ${problems}; the service would refuse this URL. Checking again for about 2 minutes (restart the bot with ${app ? 'its public key as listed above' : 'the DISCORD_PUBLIC_KEY printed above'}).`;
}
