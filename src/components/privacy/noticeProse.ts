import { business } from '../../lib/business';
import type { PrivacyContact } from '../../lib/privacy/notice';
import type { NoticeLanguage } from '../../lib/privacy/noticeWords';

// The privacy notice's running text in each language (docs/privacy.md); the tables of what is
// kept come from the data inventory (src/lib/privacy/notice.ts). Only what the site does today
// is said here: rights are used on the my-data page (a one-time link to one's own data), or by
// writing to the contact person, who answers.

export interface NoticeProse {
  title: string;
  description: string;
  lead: string;
  otherLanguage: { label: string; href: string; lang: string };
  version: (version: string) => string;
  who: { heading: string; text: string };
  forms: { heading: string; intro: string; items: string; why: string; ground: string; howLong: string };
  support: { heading: string; intro: string; what: string; howLong: string };
  others: { heading: string; intro: string; list: string[] };
  cookies: { heading: string; text: string };
  children: { heading: string; text: string };
  rights: { heading: string; list: string[] };
  use: { heading: string; self: string; selfLink: string; text: (contact: PrivacyContact) => string; withdraw: string };
  board: { heading: string; text: string };
}

export function noticeProse(lang: NoticeLanguage): NoticeProse {
  const { brand, legalName } = business;
  const { address, phone } = business.contact;
  if (lang === 'hi')
    return {
      title: 'निजता सूचना',
      description: `${brand} आपकी कौन-सी जानकारी रखता है, क्यों, कब तक, और आप उसे कैसे देख, सुधार या मिटवा सकते हैं।`,
      lead: 'हम आपकी कौन-सी जानकारी रखते हैं, किस काम के लिए, कितने समय तक, और उस पर आपके क्या अधिकार हैं: सब कुछ यहाँ सीधी भाषा में।',
      otherLanguage: { label: 'Read in English', href: '/privacy', lang: 'en-IN' },
      version: (version) => `सूचना का संस्करण ${version}`,
      who: {
        heading: 'हम कौन हैं',
        text: `${legalName} (${brand}), ${address}। आपकी जानकारी का ज़िम्मेदार (डेटा फ़िड्यूशियरी) यही है। फ़ोन: ${phone}।`,
      },
      forms: {
        heading: 'हर फ़ॉर्म पर हम क्या रखते हैं',
        intro: 'आप जो फ़ॉर्म भरते हैं, उसमें से हम केवल यह रखते हैं, इन कामों के लिए:',
        items: 'जानकारी',
        why: 'किस लिए',
        ground: 'किस आधार पर',
        howLong: 'कब तक',
      },
      support: {
        heading: 'काम के दौरान बनने वाली प्रतियाँ',
        intro: 'आपके अनुरोध पर काम करते हुए कुछ प्रतियाँ और गिनतियाँ भी बनती हैं:',
        what: 'क्या',
        howLong: 'कब तक',
      },
      others: {
        heading: 'और कौन आपकी जानकारी संभालता है',
        intro: 'ये सेवाएँ हमारे लिए, हमारे निर्देश पर, आपकी जानकारी संभालती हैं:',
        list: [
          'नेटलिफ़ाई: वेबसाइट और उसका डेटा-भंडार',
          'हमारा ई-मेल प्रदाता: आपको और कोच को ई-मेल भेजने के लिए',
          'मेटा (व्हाट्सऐप): केवल तब, जब आपने व्हाट्सऐप संदेशों की सहमति दी हो',
          'रेज़रपे: भुगतान और रिफ़ंड के लिए (कार्ड या यूपीआई का ब्योरा हमारे पास नहीं आता)',
        ],
      },
      cookies: {
        heading: 'कुकीज़',
        text: 'साइट पर कोई विज्ञापन या एनालिटिक्स स्क्रिप्ट नहीं चलती। कुकी बैनर पर आपकी पसंद केवल आपके ब्राउज़र में रहती है।',
      },
      children: {
        heading: '18 वर्ष से कम उम्र वालों के लिए',
        text: 'किसी छात्र के फ़ॉर्म में पूछा जाता है कि छात्र की उम्र 18 वर्ष से कम है या नहीं। अगर कम है, तो फ़ॉर्म माता-पिता का नाम और फ़ोन लेता है, छात्र का अपना नंबर या ई-मेल नहीं। हम माता-पिता को एक लिंक भेजते हैं और उनकी पुष्टि (कि वे माता-पिता हैं, वयस्क हैं और सहमत हैं) के बिना कुछ नहीं करते; 7 दिन में पुष्टि न हो तो अनुरोध मिटा दिया जाता है। उसके बाद हम माता-पिता से ही बात करते हैं, छात्र को कभी कुछ नहीं भेजते, और ऐसे अनुरोध पर यह भी दर्ज नहीं करते कि आप किस विज्ञापन या साइट से आए।',
      },
      rights: {
        heading: 'आपके अधिकार',
        list: [
          'यह जानना कि हम आपकी कौन-सी जानकारी रखते हैं और किसके साथ साझा करते हैं',
          'ग़लत या अधूरी जानकारी को सुधरवाना',
          'अपनी जानकारी मिटवाना (जीएसटी क़ानून के तहत रखे जाने वाले इनवॉइस और भुगतान रिकॉर्ड को छोड़कर)',
          'अपनी दी हुई कोई भी सहमति कभी भी वापस लेना, उतनी ही आसानी से जितनी आसानी से दी थी',
          'शिकायत करना, और अपने न रहने या असमर्थ होने की स्थिति के लिए किसी व्यक्ति को नामित करना',
        ],
      },
      use: {
        heading: 'अपने अधिकारों का उपयोग कैसे करें',
        self: 'ख़ुद: "आपका डेटा" पेज पर अपना ई-मेल या फ़ोन नंबर दें। हम उस पर एक बार चलने वाला लिंक भेजते हैं (24 घंटे के लिए), जिससे आप अपना सारा डेटा देख, डाउनलोड, सुधार या मिटा सकते हैं, और कोई भी सहमति एक टैप में वापस ले सकते हैं। हमारे हर संदेश में यह लिंक होता है।',
        selfLink: '"आपका डेटा" पेज खोलें',
        text: (contact) =>
          `डेटा से जुड़े सवालों के लिए हमारे संपर्क व्यक्ति ${contact.name} को ${contact.email} पर लिखें। हम 90 दिनों के भीतर जवाब देते हैं।`,
        withdraw:
          'व्हाट्सऐप पर हमें STOP लिखकर भेजने से व्हाट्सऐप संदेशों की सहमति तुरंत वापस हो जाती है। सहमति वापस लेने से पहले का काम वैध रहता है।',
      },
      board: {
        heading: 'अगर आप हमारे जवाब से संतुष्ट नहीं हैं',
        text: 'पहले हमें लिखें। उसके बाद भी शिकायत हो, तो आप डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023 के तहत बने भारतीय डेटा संरक्षण बोर्ड (Data Protection Board of India) से शिकायत कर सकते हैं।',
      },
    };
  return {
    title: 'Privacy notice',
    description: `What ${brand} keeps about you, why, for how long, and how you can see, correct or erase it.`,
    lead: 'What we keep about you, what for, for how long, and what you can ask of us: all of it, in plain words.',
    otherLanguage: { label: 'हिंदी में पढ़ें', href: '/hi/privacy', lang: 'hi' },
    version: (version) => `Notice version ${version}`,
    who: {
      heading: 'Who we are',
      text: `${legalName} (${brand}), ${address}, decides what is done with your data (the data fiduciary). Phone: ${phone}.`,
    },
    forms: {
      heading: 'What each form keeps',
      intro: 'Of what you send through a form, we keep only this, for these purposes:',
      items: 'What',
      why: 'What for',
      ground: 'On what ground',
      howLong: 'For how long',
    },
    support: {
      heading: 'Working copies',
      intro: 'While we handle your request, a few copies and counts are kept too:',
      what: 'What',
      howLong: 'For how long',
    },
    others: {
      heading: 'Who else handles it',
      intro: 'These services handle your data for us, on our instructions:',
      list: [
        'Netlify: the website and its storage',
        'our e-mail provider: to send e-mail to you and to the coach',
        'Meta (WhatsApp): only if you agreed to WhatsApp messages',
        'Razorpay: payments and refunds (your card or UPI details never reach us)',
      ],
    },
    cookies: {
      heading: 'Cookies',
      text: 'No advertising or analytics script runs on this site. Your choice on the cookie banner stays in your own browser.',
    },
    children: {
      heading: 'If you are under 18',
      text: "A student's form asks whether the student is under 18. If so, it takes a parent's name and phone, not the student's own number or e-mail. We send the parent a link and do nothing until they confirm that they are the parent, an adult, and agree; a request nobody confirms within 7 days is erased. From then on we talk to the parent, never send anything to the student, and keep no record of which advert or site brought them.",
    },
    rights: {
      heading: 'Your rights',
      list: [
        'to know what we keep about you and whom we share it with',
        'to have what is wrong or incomplete corrected',
        'to have your data erased (except the invoices and payment records the GST law makes us keep)',
        'to withdraw any consent you gave, at any time, as easily as you gave it',
        'to complain, and to name someone to act for you if you cannot',
      ],
    },
    use: {
      heading: 'How to use them',
      self: 'Yourself: give your e-mail or phone number on the Your data page. We send a one-time link to it (valid 24 hours) where you see, download, correct or erase everything we hold, and withdraw any consent in one tap. Every message we send you carries that link.',
      selfLink: 'Open the Your data page',
      text: (contact) =>
        `Or write to our contact for data questions, ${contact.name}, at ${contact.email}. We answer within 90 days.`,
      withdraw:
        'Replying STOP to us on WhatsApp withdraws your consent to WhatsApp messages at once. What was done before you withdrew stays lawful.',
    },
    board: {
      heading: 'If our answer does not settle it',
      text: 'Write to us first. If you are still not satisfied, you can complain to the Data Protection Board of India, set up under the Digital Personal Data Protection Act, 2023.',
    },
  };
}
