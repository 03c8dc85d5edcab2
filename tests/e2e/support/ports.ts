// The end-to-end ports in one place: the site, and the fake Razorpay and OpenAI APIs beside it.
export const e2ePort = Number(process.env.E2E_PORT ?? 8890);
export const fakeRazorpayUrl = `http://127.0.0.1:${e2ePort + 1000}`;
export const fakeOpenAiUrl = `http://127.0.0.1:${e2ePort + 2000}`;
