// Declarations for the files of undici that undici-parts.ts imports, in the package's own types.
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const AgentClass: typeof Agent;
  export default AgentClass;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export default request;
}
declare module 'undici/lib/web/fetch/formdata.js' {
  import type { FormData } from 'undici';
  const formData: { FormData: typeof FormData };
  export default formData;
}
declare module 'undici/lib/core/util.js' {
  const util: { parseURL(url: string | URL): URL };
  export default util;
}
