import { business } from '../../lib/business';
import type { NoticeLanguage } from '../../lib/privacy/noticeWords';
import type { PolicyProse } from './policyProse';

// The refund and cancellation policy (docs/privacy.md, "Terms and refund policy"), from the
// facts of src/lib/business.ts: the guarantee, the notice to move a session, how long a refund
// takes. It says only what the site and the coach do today.

export function refundPolicyProse(lang: NoticeLanguage): PolicyProse {
  const { phone, email } = business.contact;
  const {
    rescheduleNoticeHours: notice,
    refundStartWorkingDays: start,
    refundArrivalWorkingDays: arrival,
  } = business.promises;
  if (lang === 'hi')
    return {
      lang,
      title: 'रिफ़ंड और रद्द करने की नीति',
      description: `${business.brand} में सेशन बदलना, रद्द करना और पैसे वापस पाना: कब और कैसे।`,
      lead: 'सेशन कैसे बदलें या रद्द करें, और पैसे कैसे वापस पाएँ: सीधी भाषा में।',
      otherLanguage: { label: 'Read in English', href: '/refund-policy', lang: 'en-IN' },
      sections: [
        {
          id: 'guarantee',
          heading: 'पूरे पैसे वापस करने की गारंटी',
          paragraphs: [
            'अगर पहले सेशन के बाद आप संतुष्ट नहीं हैं, तो हमें बताइए: हम पैकेज के लिए दिया गया पूरा पैसा लौटा देंगे, बिना कोई सवाल पूछे।',
          ],
        },
        {
          id: 'move',
          heading: 'सेशन बदलना या रद्द करना',
          paragraphs: [
            `अपने क्लाइंट पेज से आप कोई सेशन उसके शुरू होने से ${notice} घंटे पहले तक बदल या रद्द कर सकते हैं। ${notice} घंटे से कम समय बचा हो, तो हमें ${phone} पर कॉल या व्हाट्सऐप करें।`,
            'रद्द किया गया सेशन आपके पैकेज में बना रहता है: आप उसे फिर से बुक कर सकते हैं।',
            'मुफ़्त कॉल का कोई शुल्क नहीं है; बुक की गई कॉल को पुष्टि वाले संदेश के लिंक से बदला या रद्द किया जा सकता है।',
          ],
        },
        {
          id: 'ask',
          heading: 'रिफ़ंड कैसे माँगें',
          paragraphs: [
            `${email} पर लिखें, या ${phone} पर कॉल या व्हाट्सऐप करें; वही नाम और फ़ोन नंबर बताएँ जिनसे भुगतान किया था। हम ${start} कामकाजी दिनों के भीतर रिफ़ंड शुरू कर देते हैं।`,
            'किसी और स्थिति में रिफ़ंड, जैसे उन सेशनों के लिए जिनका आप उपयोग नहीं कर पाए, कोच से बात करके तय होता है।',
          ],
        },
        {
          id: 'arrival',
          heading: 'पैसे कब और कहाँ आएँगे',
          paragraphs: [
            `पैसा रेज़रपे के ज़रिए उसी तरीके से लौटता है जिससे आपने भुगतान किया था (कार्ड, यूपीआई या नेट बैंकिंग)। बैंक में दिखने में आम तौर पर ${arrival} कामकाजी दिन लगते हैं।`,
            'रिफ़ंड पूरा होने पर आपको ई-मेल मिलता है, और आपके जीएसटी इनवॉइस पर एक क्रेडिट नोट जारी होता है।',
            'पूरा रिफ़ंड होने पर पैकेज के बचे हुए सेशन रद्द हो जाते हैं।',
          ],
        },
      ],
    };
  return {
    lang,
    title: 'Refund and cancellation policy',
    description: `Moving, cancelling and getting your money back at ${business.brand}: when and how.`,
    lead: 'How to move or cancel a session, and how to get your money back, in plain words.',
    otherLanguage: { label: 'हिंदी में पढ़ें', href: '/hi/refund-policy', lang: 'hi' },
    sections: [
      {
        id: 'guarantee',
        heading: 'The money-back guarantee',
        paragraphs: [
          'If you are not satisfied after your first session, tell us and we refund 100% of what you paid for the package, no questions asked.',
        ],
      },
      {
        id: 'move',
        heading: 'Moving or cancelling a session',
        paragraphs: [
          `From your client page you can move or cancel a session until ${notice} hours before it starts. With less than ${notice} hours to go, call or WhatsApp us on ${phone}.`,
          'A cancelled session stays in your package: you can book it again.',
          'The free call costs nothing; a booked call can be moved or cancelled from the link in its confirmation.',
        ],
      },
      {
        id: 'ask',
        heading: 'How to ask for a refund',
        paragraphs: [
          `Write to ${email}, or call or WhatsApp ${phone}, with the name and phone number you paid with. We start the refund within ${start} working days.`,
          'Any other refund, for example for sessions you could not use, is agreed with the coach.',
        ],
      },
      {
        id: 'arrival',
        heading: 'When and where the money arrives',
        paragraphs: [
          `It goes back the way you paid (card, UPI or net banking), through Razorpay. Banks usually take ${arrival} working days to show it.`,
          'You get an e-mail when the refund is done, and a credit note is issued against your GST invoice.',
          "A full refund cancels the package's remaining sessions.",
        ],
      },
    ],
  };
}
