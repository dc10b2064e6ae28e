// The execute body of bench/emulator.mjs's embed cases: a message as a
// deploy or CI notifier posts it (a title, a description, fields, a footer, a
// colour and a timestamp), ~1 KB of JSON.
export const EMBED_MESSAGE = {
  content: 'Deploy finished',
  username: 'ci-bot',
  embeds: [
    {
      title: 'web-frontend deployed to production',
      description:
        'Build **#4812** of `main` (a3f9c21) went out to production in 4m 12s. ' +
        'All health checks passed; error rate unchanged over the first five minutes.',
      url: 'https://ci.example.com/builds/4812',
      color: 0x2ecc71,
      timestamp: '2026-11-25T10:15:30.000Z',
      fields: [
        { name: 'Environment', value: 'production', inline: true },
        { name: 'Region', value: 'eu-west-1', inline: true },
        { name: 'Duration', value: '4m 12s', inline: true },
        {
          name: 'Commits',
          value: '- Fix login redirect (#1290)\n- Bump dependencies (#1288)\n- Cache avatars (#1285)',
        },
        { name: 'Triggered by', value: 'merge of pull request #1290', inline: false },
      ],
      footer: { text: 'ci.example.com', icon_url: 'https://ci.example.com/icon.png' },
    },
  ],
};
