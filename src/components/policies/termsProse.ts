import { business } from '../../lib/business';
import type { NoticeLanguage } from '../../lib/privacy/noticeWords';
import type { PolicyProse } from './policyProse';

// The terms of service (docs/privacy.md, "Terms and refund policy"): short, from the facts of
// src/lib/business.ts, saying only what the site and the coach do today.

export function termsProse(lang: NoticeLanguage): PolicyProse {
  const { brand, legalName, jurisdictionCity } = business;
  const { email, phone, address } = business.contact;
  if (lang === 'hi')
    return {
      lang,
      title: 'सेवा की शर्तें',
      description: `${brand} की वेबसाइट और कोचिंग सेवाओं के उपयोग की शर्तें।`,
      lead: 'हमारी वेबसाइट और सेवाओं के उपयोग की शर्तें, कम शब्दों में।',
      otherLanguage: { label: 'Read in English', href: '/terms', lang: 'en-IN' },
      sections: [
        {
          id: 'who',
          heading: 'हम कौन हैं',
          paragraphs: [
            `यह वेबसाइट और इसकी सेवाएँ ${legalName} (${brand}), ${address} की हैं। वेबसाइट का उपयोग करके या कोई सेवा ख़रीदकर आप इन शर्तों को मानते हैं।`,
          ],
        },
        {
          id: 'service',
          heading: 'हमारी सेवा',
          paragraphs: [
            'हम करियर काउंसलिंग और कोचिंग देते हैं: कॉल पर बातचीत, आकलन और सलाह। निर्णय और उनके परिणाम आपके अपने हैं: हम किसी दाख़िले, नौकरी या वेतन का वादा नहीं करते।',
          ],
        },
        {
          id: 'paying',
          heading: 'बुकिंग और भुगतान',
          paragraphs: [
            'क़ीमतें रुपये में हैं और भुगतान से पहले दिखाई जाती हैं। भुगतान रेज़रपे के ज़रिए होता है (कार्ड, यूपीआई या नेट बैंकिंग); आपको ई-मेल पर रसीद या जीएसटी इनवॉइस मिलता है।',
            'सेशन बदलने, रद्द करने और रिफ़ंड के नियम हमारी रिफ़ंड और रद्द करने की नीति में हैं।',
          ],
          link: { label: 'रिफ़ंड और रद्द करने की नीति', href: '/hi/refund-policy' },
        },
        {
          id: 'you',
          heading: 'आपकी ज़िम्मेदारी',
          list: [
            'अपने बारे में सही जानकारी दें।',
            '18 वर्ष से कम उम्र के विद्यार्थी के लिए माता-पिता या अभिभावक बुक करें और हमसे बात करें।',
            'सेशन में मिली रिपोर्ट, गाइड और नोट्स केवल अपने उपयोग के लिए रखें; उन्हें बेचें या सार्वजनिक न करें।',
          ],
          paragraphs: [],
        },
        {
          id: 'liability',
          heading: 'हमारी ज़िम्मेदारी की सीमा',
          paragraphs: ['किसी भी दावे में हमारी ज़िम्मेदारी उस सेवा के लिए आपके दिए गए भुगतान से अधिक नहीं होगी।'],
        },
        {
          id: 'privacy',
          heading: 'आपकी जानकारी',
          paragraphs: ['हम आपकी कौन-सी जानकारी रखते हैं और क्यों, यह हमारी निजता सूचना में लिखा है।'],
          link: { label: 'निजता सूचना', href: '/hi/privacy' },
        },
        {
          id: 'law',
          heading: 'क़ानून और विवाद',
          paragraphs: [
            `ये शर्तें भारत के क़ानून के अधीन हैं। किसी विवाद की सुनवाई ${jurisdictionCity} की अदालतों में होगी। पहले हमसे ${email} या ${phone} पर बात करें: ज़्यादातर बातें वहीं सुलझ जाती हैं।`,
            'हम इन शर्तों को बदल सकते हैं; किसी ख़रीद पर वही शर्तें लागू होती हैं जो भुगतान के समय थीं।',
          ],
        },
      ],
    };
  return {
    lang,
    title: 'Terms of service',
    description: `The terms for using the ${brand} website and coaching services.`,
    lead: 'The terms for using our website and services, in few words.',
    otherLanguage: { label: 'हिंदी में पढ़ें', href: '/hi/terms', lang: 'hi' },
    sections: [
      {
        id: 'who',
        heading: 'Who we are',
        paragraphs: [
          `This website and its services are ${legalName} (${brand}), ${address}. By using the website or buying a service you accept these terms.`,
        ],
      },
      {
        id: 'service',
        heading: 'Our service',
        paragraphs: [
          'We give career counselling and coaching: conversations by phone, assessments and advice. The decisions and their results are yours: we do not promise an admission, a job or a salary.',
        ],
      },
      {
        id: 'paying',
        heading: 'Booking and paying',
        paragraphs: [
          'Prices are in rupees and shown before you pay. You pay through Razorpay (card, UPI or net banking) and get a receipt or GST invoice by e-mail.',
          'Moving, cancelling and refunds follow our refund and cancellation policy.',
        ],
        link: { label: 'Refund and cancellation policy', href: '/refund-policy' },
      },
      {
        id: 'you',
        heading: 'Your part',
        paragraphs: [],
        list: [
          'Give true details about yourself.',
          'For a student under 18, a parent or guardian books and talks to us.',
          'Keep the reports, guides and notes you receive for your own use: do not sell or publish them.',
        ],
      },
      {
        id: 'liability',
        heading: 'The limit of our liability',
        paragraphs: ['For any claim, our liability is at most what you paid for the service concerned.'],
      },
      {
        id: 'privacy',
        heading: 'Your data',
        paragraphs: ['What we keep about you and why is in our privacy notice.'],
        link: { label: 'Privacy notice', href: '/privacy' },
      },
      {
        id: 'law',
        heading: 'Law and disputes',
        paragraphs: [
          `These terms are under the laws of India, and disputes are heard by the courts at ${jurisdictionCity}. Talk to us first at ${email} or ${phone}: most things are settled there.`,
          'We may change these terms; a purchase keeps the terms in force when it was paid.',
        ],
      },
    ],
  };
}
