import { z } from 'zod';

// What the model must answer (structured output, strict): every field required, no
// bounds the JSON-schema subset may not carry. The answers are checked again after
// parsing (zod here, then the blog post schema before anything is stored).

export const generatedPostSchema = z.object({
  title: z.string().describe('The post title: specific and plain, 40-80 characters, no clickbait.'),
  excerpt: z.string().describe('One or two sentences (120-200 characters) for the blog list and search results.'),
  content: z
    .string()
    .describe('The whole post in Markdown: ## and ### headings, short paragraphs, lists where they help. No H1.'),
  imageAlt: z.string().describe('A one-sentence description of a fitting cover photo.'),
  keywords: z.array(z.string()).describe('3 to 8 short search keywords.'),
});
export type GeneratedPost = z.infer<typeof generatedPostSchema>;

export const improvedContentSchema = z.object({
  content: z.string().describe('The whole improved post in Markdown.'),
});
export type ImprovedContent = z.infer<typeof improvedContentSchema>;
