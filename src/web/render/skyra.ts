/**
 * The @skyra/discord-components-core elements the message renderer uses,
 * registered once; only these are bundled. The config goes first: the
 * library reads it when its modules load.
 */
import './skyra-config.js';
import '@skyra/discord-components-core/discord-messages.js';
import '@skyra/discord-components-core/discord-message.js';
import '@skyra/discord-components-core/discord-embed.js';
import '@skyra/discord-components-core/discord-embed-description.js';
import '@skyra/discord-components-core/discord-embed-fields.js';
import '@skyra/discord-components-core/discord-embed-field.js';
import '@skyra/discord-components-core/discord-embed-footer.js';
import '@skyra/discord-components-core/discord-action-row.js';
import '@skyra/discord-components-core/discord-button.js';
import '@skyra/discord-components-core/discord-string-select-menu.js';
import '@skyra/discord-components-core/discord-attachments.js';
import '@skyra/discord-components-core/discord-image-attachment.js';
import '@skyra/discord-components-core/discord-file-attachment.js';
import '@skyra/discord-components-core/discord-command.js';
import '@skyra/discord-components-core/discord-thread.js';
import '@skyra/discord-components-core/discord-spoiler.js';
import '@skyra/discord-components-core/discord-code.js';
import '@skyra/discord-components-core/discord-pre.js';
import '@skyra/discord-components-core/discord-quote.js';
import '@skyra/discord-components-core/discord-mention.js';
import '@skyra/discord-components-core/discord-link.js';
import '@skyra/discord-components-core/discord-time.js';
import '@skyra/discord-components-core/discord-header.js';
