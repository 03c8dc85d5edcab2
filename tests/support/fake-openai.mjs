// A small stand-in for OpenAI's Chat Completions API (POST /v1/chat/completions with a
// json_schema response_format), so tests reach "the model" only through OPENAI_BASE_URL.
// Plain Node (no TypeScript): vitest imports it, and Playwright's webServer runs it
// (`FAKE_OPENAI_PORT=9901 node tests/support/fake-openai.mjs`).
//
// Answers are built from the request: a post about the topic in the user message, with
// the word count its length band asks for; an improvement keeps the post and applies
// the instructions visibly. Failure modes, chosen with POST /__control {"mode": ...} or
// per request by a `[fake:<mode>]` marker in a user message (e.g. in the topic):
//   ok, error500, error429, slow, invalid-json, refusal, wrong-shape, short-then-ok,
//   always-short, hostile-html.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

export const fakeModes = /** @type {const} */ ([
  'ok',
  'error500',
  'error429',
  'slow',
  'invalid-json',
  'refusal',
  'wrong-shape',
  'short-then-ok',
  'always-short',
  'hostile-html',
]);

/** What a hostile model answer carries: none of it may reach a page. */
export const HOSTILE_HTML = [
  '<script>window.__pwned = true</script>',
  '<img src="x" onerror="window.__pwned = true">',
  '[a link](javascript:window.__pwned=true)',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<a href="https://example.com/ok" onclick="window.__pwned = true">a safe link</a>',
  '![tracker](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
  '<style>body{display:none}</style>',
].join('\n\n');

const WORDS =
  'career clarity growth skills interview resume mentor planning learning leadership confidence network goals feedback progress'.split(
    ' ',
  );

/** @param {number} count */
function paragraphWords(count) {
  return Array.from({ length: count }, (_, index) => WORDS[index % WORDS.length]).join(' ');
}

/** Markdown of about `words` words: headings and paragraphs of 60 words. */
function postBody(topic, words) {
  const parts = [];
  let left = words;
  let section = 1;
  while (left > 0) {
    const heading = `## Part ${section} of ${topic}`;
    left -= heading.split(' ').length - 1;
    const size = Math.max(1, Math.min(60, left));
    parts.push(heading, `${paragraphWords(size)}.`);
    left -= size;
    section += 1;
  }
  return parts.join('\n\n');
}

/** @param {Array<{ role: string, content: unknown }>} messages */
function lastUserText(messages) {
  const user = [...messages].reverse().find((message) => message.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

/** @param {string} text */
function bandOf(text) {
  const match = /(\d{3,4})-(\d{3,4}) words/.exec(text);
  return match ? { min: Number(match[1]), max: Number(match[2]) } : { min: 800, max: 1000 };
}

function completion(model, message, finishReason = 'stop') {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', refusal: null, ...message },
        finish_reason: finishReason,
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 1000, total_tokens: 1100 },
  };
}

/**
 * The answer for one request in one mode: [status, body, headers].
 * @param {any} body
 * @param {string} mode
 */
function answer(body, mode) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const model = String(body?.model ?? 'fake-model');
  const format = body?.response_format;
  if (format?.type !== 'json_schema' || format.json_schema?.strict !== true) {
    return [
      400,
      { error: { message: 'This fake answers strict json_schema requests only.', type: 'invalid_request_error' } },
    ];
  }
  if (mode === 'error500')
    return [
      500,
      { error: { message: 'The server had an error while processing your request.', type: 'server_error' } },
    ];
  if (mode === 'error429')
    return [
      429,
      { error: { message: 'Rate limit reached.', type: 'requests', code: 'rate_limit_exceeded' } },
      { 'retry-after-ms': '20' },
    ];
  if (mode === 'refusal')
    return [200, completion(model, { content: null, refusal: "I'm sorry, I can't help with that request." })];
  if (mode === 'invalid-json') return [200, completion(model, { content: '{"title": "A post that never ends' })];

  const text = lastUserText(messages);
  if (format.json_schema.name === 'improved_post') {
    const [, post = ''] = text.split('--- POST (Markdown) ---\n');
    const instructions = /Instructions: (.*)/.exec(text)?.[1] ?? '';
    const content =
      mode === 'hostile-html' ? `${post}\n\n${HOSTILE_HTML}` : `Improved as asked (${instructions}).\n\n${post}`;
    if (mode === 'wrong-shape') return [200, completion(model, { content: JSON.stringify({ text: content }) })];
    return [200, completion(model, { content: JSON.stringify({ content }) })];
  }

  const firstAsk = messages.find((message) => message.role === 'user');
  const topic =
    /Write a blog post about: (.*)/.exec(typeof firstAsk?.content === 'string' ? firstAsk.content : '')?.[1]?.trim() ||
    'your career';
  const band = bandOf(text);
  const isRetry = messages.some((message) => message.role === 'assistant');
  const short = mode === 'always-short' || (mode === 'short-then-ok' && !isRetry);
  let content = postBody(topic, short ? Math.round(band.min * 0.2) : Math.round((band.min + band.max) / 2));
  if (mode === 'hostile-html') content = `${HOSTILE_HTML}\n\n${content}`;
  const post = {
    title: `A Practical Guide: ${topic}`.slice(0, 120),
    excerpt: `What ${topic} means for your next career move, and the steps to take this week, from an HR leader's view.`,
    content,
    imageAlt: `A person planning their career at a desk`,
    keywords: ['career planning', 'India'],
  };
  if (mode === 'wrong-shape')
    return [200, completion(model, { content: JSON.stringify({ title: post.title, body: content }) })];
  return [200, completion(model, { content: JSON.stringify(post) })];
}

/**
 * @param {{ port?: number, host?: string, slowMs?: number }} [options]
 */
export async function startFakeOpenAi({ port = 0, host = '127.0.0.1', slowMs = 5000 } = {}) {
  let mode = 'ok';
  /** @type {Array<{ model: string, mode: string, schema: string, messages: unknown[] }>} */
  const requests = [];

  const server = createServer(async (req, res) => {
    const send = (status, value, headers = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');

    if (req.method === 'GET' && url.pathname === '/health') return send(200, { ok: true });
    if (url.pathname === '/__control') {
      if (req.method === 'POST') {
        const next = JSON.parse(raw || '{}').mode;
        if (!fakeModes.includes(next)) return send(400, { error: `mode must be one of ${fakeModes.join(', ')}` });
        mode = next;
        requests.length = 0;
      }
      return send(200, { mode, requests });
    }
    if (req.method !== 'POST' || !/\/chat\/completions$/.test(url.pathname))
      return send(404, { error: { message: 'Unknown route' } });
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
      return send(401, { error: { message: 'You did not provide an API key.', type: 'invalid_request_error' } });
    }
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(400, { error: { message: 'Invalid JSON body' } });
    }
    const userText = (body.messages ?? [])
      .filter((message) => message.role === 'user')
      .map((message) => String(message.content))
      .join('\n');
    const marker = /\[fake:([a-z0-9-]+)\]/.exec(userText)?.[1];
    const effective = marker && fakeModes.includes(marker) ? marker : mode;
    requests.push({
      model: body.model,
      mode: effective,
      schema: body.response_format?.json_schema?.name ?? '',
      messages: body.messages ?? [],
    });
    if (effective === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, slowMs));
      // Not req.destroyed: a fully read request body is destroyed already; only a closed socket means the caller left.
      if (res.destroyed || res.socket?.destroyed) return;
    }
    const [status, value, headers] = answer(body, effective === 'slow' ? 'ok' : effective);
    if (!res.destroyed) send(status, value, headers);
  });

  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    /** The OPENAI_BASE_URL the SDK needs (it adds /chat/completions). */
    baseURL: `${url}/v1`,
    requests,
    /** @param {(typeof fakeModes)[number]} next */
    setMode(next) {
      mode = next;
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.FAKE_OPENAI_PORT ?? 9901);
  const fake = await startFakeOpenAi({ port, slowMs: Number(process.env.FAKE_OPENAI_SLOW_MS ?? 5000) });
  console.log(`fake OpenAI Chat Completions on ${fake.baseURL}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
