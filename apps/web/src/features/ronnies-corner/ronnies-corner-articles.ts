/**
 * The three long articles of Ronnie's Corner (spec 001 §2 "Static pages"), written for this site.
 * They are general information on Philippine law, not legal advice; the page says so.
 */

export type ArticleSection = { heading: string; paragraphs: readonly string[] };

export type CornerArticle = {
  /** Anchor of the article on the page. */
  id: string;
  title: string;
  summary: string;
  sections: readonly ArticleSection[];
};

export const CORNER_ARTICLES: readonly CornerArticle[] = [
  {
    id: 'exploration-permits',
    title: 'Exploration Permits under the Philippine Mining Act',
    summary:
      'What an exploration permit gives its holder, who may apply, what the regional office looks for, and what keeps a permit in good standing until a discovery can be developed.',
    sections: [
      {
        heading: 'What the permit is for',
        paragraphs: [
          'Under the Philippine Constitution all mineral resources belong to the State. Nobody may search for minerals on land, whether public or private, without the State’s authority, and the ordinary authority for that search is the exploration permit under Republic Act No. 7942, the Philippine Mining Act of 1995, and its implementing rules.',
          'The permit gives its holder the right to enter, occupy and explore a defined area for the minerals named in it. It does not give the right to mine. Its value lies in what comes after: a permit holder who discovers a deposit that can be mined at a profit has the right to apply for a mineral agreement or a financial or technical assistance agreement over the area.',
          'That sequence matters for how a company plans its work. Everything done during exploration, from the first map to the last drill hole, becomes part of the record on which the later application is judged.',
        ],
      },
      {
        heading: 'Who may apply',
        paragraphs: [
          'The law allows qualified individuals and corporations to hold exploration permits. Unlike a mineral production sharing agreement, which is reserved for Filipino citizens and corporations that meet the constitutional ownership requirement, an exploration permit may be granted to a legally organised foreign-owned corporation. Many early-stage projects in the country are explored this way.',
          'Applicants must show technical competence and financial capability for the work they propose. In practice this means a work program signed by a licensed geologist or mining engineer, the résumés of the people who will carry it out, and audited financial statements or other proof that the money is available.',
        ],
      },
      {
        heading: 'Preparing a complete application',
        paragraphs: [
          'Applications are filed with the regional office of the Mines and Geosciences Bureau that has jurisdiction over the area. Before filing, check the area status: whether the ground is open to mining applications, whether it overlaps existing tenements or pending applications, and whether it touches areas closed to mining such as protected areas or old-growth forest.',
          'A complete application usually contains the location map and technical description of the area, a two-year Exploration Work Program, an Environmental Work Program, proof of technical competence and financial capability, and the clearances and consents that apply to the land. Where the area lies within an ancestral domain, the consent of the indigenous cultural community is required before the permit can be granted; that process is the subject of the next article.',
          'Notices of the application are published, posted and announced on the radio so that anyone with an adverse claim may raise it within the period the rules allow. Applications that arrive incomplete are the single most common cause of delay, and the cheapest one to avoid.',
        ],
      },
      {
        heading: 'Keeping the permit in good standing',
        paragraphs: [
          'An exploration permit runs for an initial term of two years and may be renewed, subject to the limits in the law and rules. Renewal is not automatic. The holder must show that it carried out the approved work program, spent what it said it would, and reported on time.',
          'The obligations during the term are practical ones: pay the occupation fees, carry out the work program and the Environmental Work Program, submit the quarterly and annual reports, keep the community informed, and rehabilitate disturbed ground as work proceeds. Any significant change to the program should be approved before it is carried out rather than explained afterwards.',
          'Keep a tidy file of every submission and every receipt. When the time comes to renew the permit or to declare the project feasible, that file is the evidence that the permit was held in good faith.',
        ],
      },
    ],
  },
  {
    id: 'free-and-prior-informed-consent',
    title: 'Free and Prior Informed Consent under the Indigenous Peoples’ Rights Act',
    summary:
      'Why exploration in an ancestral domain needs the consent of the community, how the process runs, and what a company can do to take part in it well.',
    sections: [
      {
        heading: 'The principle',
        paragraphs: [
          'Republic Act No. 8371, the Indigenous Peoples’ Rights Act of 1997, recognises the rights of indigenous cultural communities and indigenous peoples to their ancestral domains. One of the most important of these rights is the right to give or withhold free and prior informed consent (FPIC) to any plan, programme or project that affects the domain, including the exploration and development of minerals.',
          'Each word of the phrase carries weight. Consent must be free of coercion, manipulation and improper inducement. It must be prior: obtained before the activity begins, not to ratify work already under way. It must be informed: the community must understand what is proposed, its likely effects and what it may gain or lose. And the decision is reached by the community through its own customary processes, in its own language and time.',
        ],
      },
      {
        heading: 'When it applies',
        paragraphs: [
          'The National Commission on Indigenous Peoples (NCIP) administers the process. Before a government agency may issue a permit or agreement over an area, it requires a certification from the NCIP. Where the area does not overlap an ancestral domain, the Commission issues a Certificate of Non-Overlap. Where it does, the Commission issues a Certification Precondition only after the community has given its consent through the FPIC process.',
          'For exploration this means that the consent process normally runs in parallel with, and must be completed before, the grant of the exploration permit. Companies should plan for it from the outset: it is rarely the shortest step in the schedule, and it should not be treated as a formality.',
        ],
      },
      {
        heading: 'How the process runs',
        paragraphs: [
          'The NCIP’s FPIC guidelines set out the steps, and applicants should always work from the version currently in force. In outline, the Commission conducts a field-based investigation to confirm the community and the extent of the domain; the applicant presents its proposal to the community at consultative assemblies; the community then deliberates on its own, without the applicant present, and reaches its decision according to its customary decision-making processes.',
          'If the community consents, the terms are set out in a memorandum of agreement between the community, the applicant and the NCIP. The agreement typically covers the activities allowed, the benefits and their sharing, how the community will be kept informed, how complaints will be handled, and what happens if the terms are broken. If the community does not consent, the activity may not proceed in the domain.',
          'The costs of the process, including the community’s own meetings, are generally borne by the applicant through the Commission under an approved budget. Payments made directly to leaders or individuals outside that arrangement risk invalidating the consent and expose the company to serious liability.',
        ],
      },
      {
        heading: 'Taking part well',
        paragraphs: [
          'Companies that do this well share some habits. They send people who can answer questions honestly, including about what the company does not yet know. They explain exploration for what it is, a search that most often ends without a mine, so that expectations are realistic. They put every commitment in writing and track it until it is met.',
          'Consent is also a relationship rather than a single event. A memorandum of agreement signed for exploration does not settle the terms for later development, which will usually need a fresh process. A company that has kept its word during exploration starts that second conversation from a far stronger position.',
        ],
      },
    ],
  },
  {
    id: 'environmental-compliance',
    title: 'Environmental Compliance from Exploration to Development: the EWP, the ECC and the EPEP',
    summary:
      'The environmental instruments a project meets as it moves from exploration to mining, what each one asks for, and how early choices make the later ones easier.',
    sections: [
      {
        heading: 'During exploration: the Environmental Work Program',
        paragraphs: [
          'An exploration permit application is accompanied by an Environmental Work Program (EWP). It describes the environment of the area, the ways the planned exploration could disturb it, the measures to prevent or reduce that disturbance, the rehabilitation of sites once they are no longer needed, and the cost of all of this.',
          'A good EWP is specific. It names the drill sites and access routes, says how drilling fluids and cuttings will be contained, how streams will be protected, how much vegetation will be cleared and how it will be restored. Reviewers and monitoring teams later compare the work on the ground with what the EWP promised, so it is better to promise what the team will actually do.',
        ],
      },
      {
        heading: 'Moving to development: the ECC',
        paragraphs: [
          'Presidential Decree No. 1586 established the Philippine Environmental Impact Statement System. Under it, projects classed as environmentally critical, which include mining projects, may not proceed without an Environmental Compliance Certificate (ECC) issued by the Environmental Management Bureau of the DENR.',
          'The ECC is issued after review of an environmental impact statement prepared for the project, which includes baseline studies, an assessment of impacts, an environmental management plan and a record of public participation. The certificate carries conditions, and those conditions bind the project for as long as it operates.',
          'Baseline data collected during exploration, such as water quality, rainfall, stream flow and biodiversity surveys, are valuable here. A company that starts collecting them early, to a consistent standard, will find the impact study quicker to prepare and easier to defend.',
        ],
      },
      {
        heading: 'Operating a mine: the EPEP and rehabilitation',
        paragraphs: [
          'Once a mineral agreement is in place, the contractor prepares an Environmental Protection and Enhancement Program (EPEP) covering the life of the mine, and an annual program that puts it into effect year by year, with a budget set in proportion to the cost of mining and milling operations as the rules provide.',
          'The Mining Act also requires a Mine Rehabilitation Fund to ensure that money is available to carry out rehabilitation and to compensate for damage, and a Final Mine Rehabilitation and/or Decommissioning Plan that shows how the site will be left when mining ends. The fund is held in a government depository bank and drawn only for these purposes.',
        ],
      },
      {
        heading: 'Monitoring and accountability',
        paragraphs: [
          'Compliance is checked in the field. A multipartite monitoring team, which typically includes the regulators, the local government, community representatives and non-government organisations, inspects operations and reviews the monitoring data. Within the company, an environmental office is responsible for carrying out the programs and reporting on them.',
          'The thread running through all three stages is the same: write down what you will do, do what you wrote, and keep the records that prove it. Exploration companies that adopt that discipline from the first field season make every later approval easier, for themselves or for whoever develops the deposit they find.',
        ],
      },
    ],
  },
];
