import type { Ground, Law, PersonalField, Purpose, Retention } from './storeEntry';

// The privacy notice's words in English and in Hindi (docs/privacy.md). The Hindi is written
// for Hindi readers, in the plain words of everyday use, not turned word for word from the
// English. Every item of the data inventory has its words here: a field or a purpose without
// them is a type error.

export const noticeLanguages = ['en', 'hi'] as const;
export type NoticeLanguage = (typeof noticeLanguages)[number];
type Words = Record<NoticeLanguage, string>;

/** Items of data as a person knows them. Hashes, the owner's own sign-in and text are not shown: they are not yours. */
export const fieldWords: Record<PersonalField, Words | null> = {
  name: { en: 'your name', hi: 'आपका नाम' },
  phone: { en: 'your phone number', hi: 'आपका फ़ोन नंबर' },
  email: { en: 'your e-mail address', hi: 'आपका ई-मेल पता' },
  audience: { en: 'who the help is for', hi: 'मदद किसके लिए चाहिए' },
  'career-stage': { en: 'your class or career stage', hi: 'आपकी कक्षा या करियर का पड़ाव' },
  'quiz-score': { en: 'your career quiz score, if you took the quiz', hi: 'करियर क्विज़ का स्कोर (अगर आपने क्विज़ दिया)' },
  notes: { en: 'anything you add about what you need', hi: 'आपकी ज़रूरत के बारे में आपकी लिखी बातें' },
  message: { en: 'your message', hi: 'आपका संदेश' },
  company: { en: 'your organisation', hi: 'आपकी संस्था का नाम' },
  role: { en: 'your role there', hi: 'संस्था में आपका पद' },
  state: { en: 'your state (for GST)', hi: 'आपका राज्य (जीएसटी के लिए)' },
  'billing-details': { en: 'the billing details on your invoice', hi: 'आपके बिल (इनवॉइस) पर लिखा ब्योरा' },
  payment: { en: 'what you paid, when, and any refund', hi: 'आपने कितना और कब भुगतान किया, और कोई रिफ़ंड' },
  sessions: { en: 'your sessions: their times and whether they were held', hi: 'आपके सेशन: उनका समय और वे हुए या नहीं' },
  'session-notes': { en: "the coach's short notes on a session", hi: 'सेशन पर कोच के छोटे नोट' },
  brief: {
    en: 'your answers to the questions before your first session',
    hi: 'पहले सेशन से पहले के सवालों पर आपके जवाब',
  },
  'coaching-documents': {
    en: 'the reports and plans the coach shares with you (PDF files)',
    hi: 'कोच की ओर से आपको दी गई रिपोर्ट और योजनाएँ (PDF फ़ाइलें)',
  },
  review: {
    en: 'your review of a session: its rating, your words, and whether you allowed us to publish it',
    hi: 'किसी सेशन पर आपकी समीक्षा: रेटिंग, आपके शब्द, और क्या आपने उसे छापने की अनुमति दी',
  },
  'whatsapp-consent': {
    en: 'whether you agreed to WhatsApp updates, when, and the words you agreed to',
    hi: 'क्या आपने व्हाट्सऐप पर संदेश पाने की सहमति दी, कब, और किन शब्दों पर',
  },
  attribution: {
    en: 'the link that brought you to the site (for example an advert), if any',
    hi: 'जिस लिंक से आप साइट पर आए (जैसे कोई विज्ञापन), अगर कोई हो',
  },
  'email-hash': null,
  'phone-hash': null,
  'address-hash': null,
  'owner-sign-in': null,
  'owner-text': null,
};

export const purposeWords: Record<Purpose, Words> = {
  'answer-request': {
    en: 'to answer your request: call you back, reply to your message, send what you asked for',
    hi: 'आपके अनुरोध का जवाब देने के लिए: आपको वापस कॉल करना, संदेश का उत्तर देना, माँगी गई चीज़ भेजना',
  },
  coaching: {
    en: 'to arrange and hold your calls and coaching sessions',
    hi: 'आपकी कॉल और कोचिंग सेशन तय करने और करवाने के लिए',
  },
  payment: {
    en: 'to take your payment, issue your GST invoice and make any refund',
    hi: 'आपका भुगतान लेने, जीएसटी इनवॉइस देने और कोई रिफ़ंड करने के लिए',
  },
  newsletter: { en: 'to send you our newsletter', hi: 'आपको हमारा न्यूज़लेटर भेजने के लिए' },
  delivery: {
    en: 'to deliver the e-mails and WhatsApp messages we send you, and to see that they arrived',
    hi: 'आपको भेजे जाने वाले ई-मेल और व्हाट्सऐप संदेश पहुँचाने, और यह देखने के लिए कि वे पहुँचे',
  },
  security: {
    en: 'to keep the site safe from floods of requests',
    hi: 'साइट को अनुरोधों की बाढ़ से सुरक्षित रखने के लिए',
  },
  'owner-account': { en: "for the coach's own sign-in and writing", hi: 'कोच के अपने लॉग-इन और लेखन के लिए' },
  rights: {
    en: 'to answer your request to see, correct or erase your data',
    hi: 'अपना डेटा देखने, सुधारने या मिटाने के आपके अनुरोध का जवाब देने के लिए',
  },
  reviews: {
    en: 'to read your review of a session and, only if you allowed it and we approved it, show it on the site',
    hi: 'सेशन पर आपकी समीक्षा पढ़ने के लिए, और केवल आपकी अनुमति और हमारी मंज़ूरी के बाद उसे साइट पर दिखाने के लिए',
  },
};

export const groundWords: Record<Ground, Words> = {
  consent: { en: 'your consent', hi: 'आपकी सहमति' },
  'legal-duty': {
    en: 'a duty under the law: the GST law requires tax records to be kept',
    hi: 'क़ानूनी दायित्व: जीएसटी क़ानून के अनुसार कर-संबंधी रिकॉर्ड रखने होते हैं',
  },
  'legitimate-use': { en: 'a use the law allows without asking', hi: 'ऐसा उपयोग जिसकी क़ानून बिना पूछे अनुमति देता है' },
};

export const lawWords: Record<Law, Words> = {
  'cgst-s36': { en: 'CGST Act, section 36', hi: 'सीजीएसटी अधिनियम, धारा 36' },
};

export function retentionWords(retention: Retention): Words {
  switch (retention.kind) {
    case 'after-last-contact':
      return {
        en: `${retention.months} months after our last contact with you, then deleted`,
        hi: `आपसे हमारे आख़िरी संपर्क के ${retention.months} महीने बाद तक, फिर मिटा दिया जाता है`,
      };
    case 'legal':
      return {
        en: `${retention.months} months, as the GST law requires (${lawWords[retention.law].en}); kept even if you ask us to erase your other data`,
        hi: `${retention.months} महीने, जैसा जीएसटी क़ानून कहता है (${lawWords[retention.law].hi}); आपके बाक़ी डेटा को मिटाने के अनुरोध पर भी यह रखा जाता है`,
      };
    case 'until-withdrawn':
      return { en: 'until you withdraw your consent', hi: 'जब तक आप अपनी सहमति वापस न लें' };
    case 'until-done':
      return { en: 'only until the work it is for is done', hi: 'केवल तब तक जब तक उससे जुड़ा काम पूरा न हो जाए' };
    case 'with-records':
      return { en: 'as long as the records it belongs to', hi: 'जब तक उससे जुड़े रिकॉर्ड रहते हैं' };
    case 'days':
      return { en: `at most ${retention.days} days`, hi: `अधिक से अधिक ${retention.days} दिन` };
    case 'window':
      return { en: `at most ${retention.minutes} minutes`, hi: `अधिक से अधिक ${retention.minutes} मिनट` };
  }
}
